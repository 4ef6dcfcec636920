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
    // Nor copy a style attribute across a swap: htmx settles "style" by default, and when the
    // browser has left one on a field (a phone's Chromium does, on #chat-body and #invite-link)
    // setAttribute("style") is an inline style the CSP blocks, one console error per swap.
    htmx.config.attributesToSettle = ["class", "width", "height"];
    // Game pages change under the player; a snapshot restored from history would show stale cards.
    htmx.config.historyCacheSize = 0;
    htmx.config.refreshOnHistoryMiss = true;
    // Decision (see also siete/web/security.py): htmx 2 drops 4xx/5xx answers by default, so errors
    // would vanish silently. We swap them. Our error fragments carry HX-Retarget: #flash, so
    // they land in the flash region; a 422 form re-rendered with its errors goes to its own target.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "[45]..", swap: true, error: true },
      { code: "...", swap: false }
    ];
  }

  // The page's words for a failure (base.html renders them translated on <body>).
  function pageWords(name) {
    return document.body.getAttribute("data-words-" + name) || "";
  }

  function showFlash(message) {
    var region = document.getElementById("flash");
    if (!region || !message) return;
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
    showFlash(pageWords("server-error").replace("{status}", String(xhr.status)));
  }

  function onSendError() {
    showFlash(pageWords("connection-lost"));
  }

  /* ---- Countdowns: elements with data-deadline="12", the seconds left ---- */
  // Seconds left, not a time of day: the count does not depend on the player's clock being right.
  var seen = new WeakMap();

  // `now` is the tick's own clock reading: taking a second Date.now() here made the deadline a
  // few ms later than `now`, so Math.ceil showed "31 s" on a 30 s timer right after each swap.
  function deadlineOf(el, now) {
    var raw = el.getAttribute("data-deadline") || "";
    var known = seen.get(el);
    if (known && known.raw === raw) return known;
    var seconds = parseFloat(raw);
    var entry = { raw: raw, at: now + seconds * 1000, most: Math.ceil(seconds) };
    el.removeAttribute("data-deadline-fired");
    seen.set(el, entry);
    return entry;
  }

  function updateCountdown(el, now) {
    var deadline = deadlineOf(el, now);
    if (isNaN(deadline.at)) return;
    // Never more than the server said was left: the count only goes down.
    var left = Math.min(deadline.most, Math.max(0, Math.ceil((deadline.at - now) / 1000)));
    var bar = el.tagName === "PROGRESS";
    if (bar) {  // a seat's clock: the bar runs down smoothly, tenths of a second
      el.value = Math.max(0, Math.min(deadline.most, (deadline.at - now) / 1000));
    } else {
      var out = el.querySelector("[data-countdown-value]") || el;
      var text = left + " s";
      if (out.textContent !== text) out.textContent = text;
    }
    // The pause between hands (countdown--calm) is no emergency: only a turn's clock turns
    // amber under 10 s and red under 5.
    var calm = el.classList.contains("countdown--calm");
    el.classList.toggle("countdown--urgent", left > 5 && left <= 10 && !calm);
    el.classList.toggle("countdown--critical", left > 0 && left <= 5 && !calm);
    el.classList.toggle("countdown--expired", left === 0);
    if (left === 0 && !bar && !el.hasAttribute("data-deadline-fired")) {
      el.setAttribute("data-deadline-fired", "");
      // Pages may poll on it: hx-trigger="siete:deadline from:body".
      el.dispatchEvent(new CustomEvent("siete:deadline", { bubbles: true }));
    }
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) { updateCountdown(el, now); });
  }


  /* ---- Saying what happened: new log lines to #announcer, your turn in the title ---- */
  var lastLines = null;

  function logLines(table) {
    var list = table && table.querySelector("[data-log]");
    if (!list) return null;
    return Array.prototype.map.call(list.children, function (li) { return li.textContent.trim(); });
  }

  function announce(table) {
    var region = document.getElementById("announcer");
    var lines = logLines(table);
    if (!region || !lines) return;
    var fresh = lines;
    // The log is one hand's: the same first line means the same hand, so only the tail is new.
    if (lastLines && lastLines.length && lines.length && lines[0] === lastLines[0]) {
      fresh = lines.slice(lastLines.length);
    }
    if (lastLines !== null) {
      fresh.forEach(function (line) {
        var p = document.createElement("p");
        p.textContent = line;
        region.appendChild(p);
      });
      while (region.children.length > 30) region.removeChild(region.firstChild);
    }
    lastLines = lines;
  }

  /* ---- Presence and reactions: the poll carries `p` (data-live), which changes apart from the
     game's version; new reactions are read out unless muted (the server leaves them out) ---- */
  function onConfigRequest(evt) {
    var elt = evt.detail.elt, table = document.getElementById("table");
    var polls = elt && elt.id === "table" && evt.detail.verb === "get";
    // a move's answer shows the presence this page shows: the server reads no seats for it
    var moves = elt && table && evt.detail.verb === "post" && table.contains(elt);
    if ((polls || moves) && table.hasAttribute("data-live")) {
      evt.detail.parameters.p = table.getAttribute("data-live");
    }
    // The chat box sits outside #table: say whether this page holds it (1) or an empty #chat
    // (0), so the answer brings only its new lines, or the whole box (siete/play/table_chat.py).
    var chat = document.getElementById("chat");
    if ((polls || moves) && chat) evt.detail.parameters.c = chat.hasAttribute("data-chat-box") ? "1" : "0";
  }

  // New reactions and chat messages (by their ids) are read out once each; says whether any
  // was new (the page's first look counts as new).
  function announcer(attribute, root, textOf) {
    var heard = null;
    return function () {
      var region = document.getElementById("announcer");
      var scope = root();
      var items = scope ? scope.querySelectorAll("[" + attribute + "]") : [];
      var ids = {}, fresh = heard === null;
      Array.prototype.forEach.call(items, function (li) {
        var id = li.getAttribute(attribute);
        ids[id] = true;
        if (heard !== null && !heard[id]) {
          fresh = true;
          if (!region) return;
          var p = document.createElement("p");
          p.textContent = textOf(li);
          region.appendChild(p);
        }
      });
      heard = Object.assign(heard || {}, ids);
      return fresh;
    };
  }
  var announceReactions = announcer("data-reaction-id", function () { return document.getElementById("table"); },
    function (li) { return li.textContent.trim(); });
  // a message without its Mute button's word
  var announceChat = announcer("data-chat-id", function () { return document.getElementById("chat"); },
    function (li) { return li.querySelector("strong").textContent + ": " + li.querySelector(".chat__body").textContent; });

  // The chat's newest message is its last: keep it in view when lines arrive.
  function showNewestMessage() {
    var log = document.querySelector("#chat-lines .chat__log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  function onTableChanged() {
    announceReactions();
    if (announceChat()) showNewestMessage();
    announce(document.getElementById("table"));
  }

  /* ---- Hotkeys: a button with data-hotkey="d" is pressed by the D key ---- */
  function onKey(evt) {
    if (evt.ctrlKey || evt.metaKey || evt.altKey || evt.isComposing) return;
    var target = evt.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (evt.key === "ArrowLeft" || evt.key === "ArrowRight") return stepReplay(evt);
    var key = (evt.key || "").toLowerCase();
    if (!/^[a-z0-9]$/.test(key)) return;
    var button = document.querySelector('#table button[data-hotkey="' + key + '"]');
    if (!button || button.disabled) return;
    evt.preventDefault();
    button.click();
  }

  /* ---- The game page's replay: ← and → press its previous and next move links ---- */
  function stepReplay(evt) {
    if (evt.shiftKey) return;
    var link = document.querySelector('#replay a[data-step-key="' + evt.key + '"]');
    if (!link) return;
    evt.preventDefault();
    // A key pressed right after a swap can find the new link before htmx has bound it, and a
    // plain click would then load the whole page: bind it first (htmx skips a bound element).
    if (window.htmx) window.htmx.process(link);
    link.click();
  }

  if (window.htmx) configureHtmx(window.htmx);
  document.addEventListener("keydown", onKey);
  document.addEventListener("htmx:afterSettle", onTableChanged);
  document.addEventListener("DOMContentLoaded", onTableChanged);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:configRequest", onConfigRequest);
  document.addEventListener("htmx:sendError", onSendError);
  document.addEventListener("htmx:afterSettle", tick);  // new countdowns show at once, not 250 ms later
  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 250);
})();
