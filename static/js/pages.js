// Small page behaviours without a build step: the playground's chat history scrolls to its
// newest message (so the message box stays in reach on a phone), after a load and after
// every htmx swap.
(function () {
  "use strict";
  function toNewest() {
    var boxes = document.querySelectorAll("ol.chat.scroll");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].scrollTop = boxes[i].scrollHeight;
    }
  }
  document.addEventListener("DOMContentLoaded", toNewest);
  document.addEventListener("htmx:afterSettle", toNewest);
})();
