/* Siete y medio: small progressive enhancement. Every page still works with JavaScript off
   (plain forms and links); this file only tunes htmx and runs the turn countdowns.
   Loaded with `defer` right after htmx.min.js, so it runs before htmx processes the page. */
(function () {
  "use strict";

  /* ---- htmx settings ---- */
  function configureHtmx(htmx) {
    // The CSP has no 'unsafe-inline' or 'unsafe-eval': stop htmx injecting its indicator <style>
    // (siete.css has those rules), evaluating hx-on code, or running <script> tags it swaps in.
    htmx.config.includeIndicatorStyles = false;
    htmx.config.allowEval = false;
    htmx.config.allowScriptTags = false;
    // Game pages change under the player; a snapshot restored from history would show stale cards.
    htmx.config.historyCacheSize = 0;
    htmx.config.refreshOnHistoryMiss = true;
    // Decision (see also siete/security.py): htmx 2 drops 4xx/5xx answers by default, so errors
    // would vanish silently. We swap them. Our error fragments carry HX-Retarget: #flash, so
    // they land in the flash region; a 422 form re-rendered with its errors goes to its own target.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "[45]..", swap: true, error: true },
      { code: "...", swap: false }
    ];
  }

  function showFlash(message) {
    var region = document.getElementById("flash");
    if (!region) return;
    var p = document.createElement("p");
    p.className = "flash flash--error";
    p.setAttribute("role", "alert");
    p.textContent = message;  // textContent: a message is never parsed as HTML
    region.replaceChildren(p);
  }

  function onBeforeSwap(evt) {
    var xhr = evt.detail.xhr;
    if (!xhr || xhr.status < 500 || xhr.getResponseHeader("HX-Retarget")) return;
    // A 5xx that did not come from our handlers (e.g. a proxy page): never paste a whole
    // foreign page into a seat; show one line in #flash instead.
    evt.detail.shouldSwap = false;
    showFlash("The server did not answer properly (" + xhr.status + "). Try again in a moment.");
  }

  function onSendError() {
    showFlash("Connection lost. Check your network and try again.");
  }

  /* ---- Countdowns: elements with data-deadline="12" (seconds left) or an ISO time ---- */
  // Seconds-left is preferred: it does not depend on the player's clock being right.
  var seen = new WeakMap();

  // `now` is the tick's own clock reading: taking a second Date.now() here made the deadline a
  // few ms later than `now`, so Math.ceil showed "31 s" on a 30 s timer right after each swap.
  function deadlineOf(el, now) {
    var raw = el.getAttribute("data-deadline") || "";
    var known = seen.get(el);
    if (known && known.raw === raw) return known;
    var relative = /^\s*\d+(\.\d+)?\s*$/.test(raw);
    var entry = { raw: raw, at: relative ? now + parseFloat(raw) * 1000 : Date.parse(raw),
                  most: relative ? Math.ceil(parseFloat(raw)) : Infinity };
    el.removeAttribute("data-deadline-fired");
    seen.set(el, entry);
    return entry;
  }

  function updateCountdown(el, now) {
    var deadline = deadlineOf(el, now);
    if (isNaN(deadline.at)) return;
    // Never more than the server said was left: the count only goes down.
    var left = Math.min(deadline.most, Math.max(0, Math.ceil((deadline.at - now) / 1000)));
    var out = el.querySelector("[data-countdown-value]") || el;
    var text = left + " s";
    if (out.textContent !== text) out.textContent = text;
    el.classList.toggle("countdown--urgent", left > 0 && left <= 10);
    el.classList.toggle("countdown--expired", left === 0);
    if (left === 0 && !el.hasAttribute("data-deadline-fired")) {
      el.setAttribute("data-deadline-fired", "");
      // Pages may poll on it: hx-trigger="siete:deadline from:body".
      el.dispatchEvent(new CustomEvent("siete:deadline", { bubbles: true }));
    }
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) { updateCountdown(el, now); });
  }

  if (window.htmx) configureHtmx(window.htmx);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:sendError", onSendError);
  document.addEventListener("htmx:afterSettle", tick);  // new countdowns show at once, not 250 ms later
  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 250);
})();
