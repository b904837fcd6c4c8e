// Small page behaviours without a build step: the playground's chat history scrolls to its
// newest message (so the message box stays in reach on a phone), and the fact timeline,
// wider than a phone, opens at its newest end (now) instead of its oldest, empty one;
// after a load and after every htmx swap.
(function () {
  "use strict";
  function toNewest() {
    var boxes = document.querySelectorAll("ol.chat.scroll");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].scrollTop = boxes[i].scrollHeight;
    }
    var timelines = document.querySelectorAll(".fact-timeline");
    for (var j = 0; j < timelines.length; j++) {
      timelines[j].scrollLeft = timelines[j].scrollWidth;
    }
  }
  document.addEventListener("DOMContentLoaded", toNewest);
  document.addEventListener("htmx:afterSettle", toNewest);
})();
