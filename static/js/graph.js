/* The interactive graph: reads the nodes and edges the page embeds (json_script) and
   draws them with the vendored cytoscape. Pan by dragging, zoom by wheel or buttons,
   click a node to open its entity, tick kinds in the legend to show or hide them.
   Runs on page load and after every htmx swap that brings a new graph. */
(function () {
  "use strict";

  var VALUE_KIND = "_value";

  function style() {
    return [
      {
        selector: "node",
        style: {
          "background-color": "data(colour)",
          label: "data(label)",
          "font-size": 13,
          color: "#1d1d1f",
          "text-valign": "bottom",
          "text-margin-y": 5,
          "text-wrap": "ellipsis",
          "text-max-width": 140,
          "text-background-color": "#ffffff",
          "text-background-opacity": 0.85,
          "text-background-padding": 2,
          width: 30,
          height: 30,
          "border-width": 2,
          "border-color": "#ffffff"
        }
      },
      {
        selector: "node[?center]",
        style: { width: 44, height: 44, "border-width": 4, "border-color": "#1d1d1f", "font-weight": "bold" }
      },
      {
        selector: "node[kind = \"" + VALUE_KIND + "\"]",
        style: {
          shape: "round-rectangle",
          "background-color": "#f4f4f4",
          "border-width": 1,
          "border-style": "dashed",
          "border-color": "data(colour)",
          "text-valign": "center",
          "text-halign": "center",
          "text-margin-y": 0,
          "text-background-opacity": 0,
          width: "data(width)",
          height: 26,
          "font-size": 12
        }
      },
      {
        selector: "edge",
        style: {
          width: 1.5,
          "line-color": "#8d99a6",
          "target-arrow-color": "#8d99a6",
          "target-arrow-shape": "triangle",
          "curve-style": "bezier",
          label: "data(label)",
          "font-size": 11,
          color: "#38424c",
          "text-rotation": "autorotate",
          "text-background-color": "#ffffff",
          "text-background-opacity": 0.9,
          "text-background-padding": 2
        }
      },
      { selector: ".gd-hidden", style: { display: "none" } },
      { selector: "node:selected", style: { "border-color": "#e69f00", "border-width": 4 } }
    ];
  }

  function layout(data) {
    var center = data.nodes.filter(function (n) { return n.center; })[0];
    if (center) {
      return { name: "breadthfirst", roots: [center.id], circle: true, spacingFactor: 1.1, animate: false, padding: 30 };
    }
    return { name: "cose", animate: false, padding: 30, nodeRepulsion: function () { return 9000; }, idealEdgeLength: function () { return 110; } };
  }

  var MOST_ZOOM_AFTER_FIT = 1.3;  // a graph of two nodes is not blown up to fill the box

  function fit(cy) {
    cy.fit(cy.elements(":visible"), 30);
    if (cy.zoom() > MOST_ZOOM_AFTER_FIT) {
      cy.zoom(MOST_ZOOM_AFTER_FIT);
      cy.center(cy.elements(":visible"));
    }
  }

  function report(box, cy) {
    // the state on the element: for people's tools (and tests) that cannot see a canvas
    var pan = cy.pan();
    box.dataset.zoom = cy.zoom().toFixed(3);
    box.dataset.pan = Math.round(pan.x) + "," + Math.round(pan.y);
  }

  function draw(box) {
    var source = document.getElementById(box.dataset.graph);
    var canvas = box.querySelector(".graph-canvas");
    if (!source || !canvas || typeof window.cytoscape !== "function") {
      return;
    }
    var data = JSON.parse(source.textContent);
    var elements = [];
    data.nodes.forEach(function (node) {
      node.width = Math.min(260, 16 + 7 * node.label.length);
      elements.push({ group: "nodes", data: node });
    });
    data.edges.forEach(function (edge) {
      elements.push({ group: "edges", data: edge });
    });
    box.hidden = false;
    var cy = window.cytoscape({
      container: canvas,
      elements: elements,
      style: style(),
      layout: layout(data),
      minZoom: 0.2,
      maxZoom: 4
    });
    fit(cy);
    canvas.gdGraph = cy;
    box.dataset.ready = "true";
    report(box, cy);
    cy.on("zoom pan", function () { report(box, cy); });
    cy.on("tap", "node", function (event) {
      var url = event.target.data("url");
      if (url) {
        window.location.assign(url);
      }
    });
    cy.on("mouseover", "node", function (event) {
      canvas.style.cursor = event.target.data("url") ? "pointer" : "default";
    });
    cy.on("mouseout", "node", function () { canvas.style.cursor = ""; });
    box.querySelectorAll("input[data-kind]").forEach(function (tick) {
      tick.addEventListener("change", function () {
        var kind = tick.dataset.kind;
        cy.nodes().filter(function (n) { return n.data("kind") === kind; }).toggleClass("gd-hidden", !tick.checked);
        box.dataset.hidden = Array.prototype.filter.call(
          box.querySelectorAll("input[data-kind]"), function (t) { return !t.checked; }
        ).map(function (t) { return t.dataset.kind; }).join(",");
      });
    });
    box.querySelectorAll("button[data-zoom]").forEach(function (button) {
      button.addEventListener("click", function () {
        var middle = { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
        if (button.dataset.zoom === "fit") {
          fit(cy);
        } else {
          var factor = button.dataset.zoom === "in" ? 1.25 : 0.8;
          cy.zoom({ level: cy.zoom() * factor, renderedPosition: middle });
        }
      });
    });
  }

  function drawAll(root) {
    (root || document).querySelectorAll("[data-graph]").forEach(function (box) {
      if (!box.dataset.ready) {
        draw(box);
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { drawAll(document); });
  } else {
    drawAll(document);
  }
  document.body.addEventListener("htmx:afterSettle", function () { drawAll(document); });
})();
