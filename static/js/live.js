// Live updates for the Gedächtnis pages: listens to /api/v1/live (server-sent events of
// the logged-in owner's own commits) and turns each commit into the htmx event
// "memory-committed" on <body>, detail = {entity_ids, counts, proposal_id, more}; a
// section refreshes with hx-trigger="memory-committed from:body" (and answers 204 when
// nothing of it changed).
// base.html includes it (deferred) for a logged-in owner and names the stream in
// <body data-live-url="…">; a page without that attribute does not connect.
(function () {
  "use strict";
  if (!window.EventSource) {
    return;
  }
  var url = document.body.getAttribute("data-live-url");
  if (!url) {
    return; // not logged in: nothing of this owner to listen to
  }
  var source = new EventSource(url, { withCredentials: true });

  function fire(target, name, detail) {
    if (window.htmx) {
      window.htmx.trigger(target, name, detail);
    } else {
      target.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: detail }));
    }
  }

  source.addEventListener("memory_committed", function (message) {
    var detail;
    try {
      detail = JSON.parse(message.data);
    } catch (error) {
      return;
    }
    fire(document.body, "memory-committed", detail);
  });
  // EventSource reconnects by itself (the server sends "retry: 3000"); after a 401 it stops.
  window.addEventListener("beforeunload", function () {
    source.close();
  });
})();
