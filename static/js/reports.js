/* The reports' tables: a table wider than its frame scrolls inside it (reports.css), and this
   shows the hint under it ("Scroll sideways…") and a shadow on its edge, so a phone sees there
   is more. Without JavaScript the table still scrolls, by touch or with the keyboard (its
   wrapper is focusable). */
(function () {
  "use strict";

  function mark(wrap) {
    var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    wrap.classList.toggle("report__table-wrap--scrolls", scrolls);
    // The fade on the right edge says "more this way" until the last column is in view.
    wrap.classList.toggle("report__table-wrap--more",
                          scrolls && wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1);
    var hint = wrap.nextElementSibling;
    if (hint && hint.classList.contains("report__scroll-hint")) hint.hidden = !scrolls;
  }

  function markAll() {
    document.querySelectorAll(".report__table-wrap").forEach(mark);
  }

  document.addEventListener("scroll", function (event) {
    var wrap = event.target;
    if (wrap.classList && wrap.classList.contains("report__table-wrap")) mark(wrap);
  }, true);

  var pending = false;
  window.addEventListener("resize", function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; markAll(); });
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", markAll);
  } else {
    markAll();
  }
})();
