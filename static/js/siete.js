/* Siete y medio: small progressive enhancement. Every page still works with JavaScript off
   (plain forms and links). This file, on every page: htmx's settings, the flash for a failed
   request, the turn countdowns and the asking for news (streams, fetches, the fallback polls).
   What the table and the replay read out and their keys are in readout.js, loaded by those pages.
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

  /* ---- Asking for news: the page's stream (htmx's sse extension, [data-stream]) says
     "changed" and #table, #rematch or #lobby-tables fetch themselves (hx-trigger="sse:changed";
     #table not when it shows the version the news names: onConfirm).
     Only while no stream is open (refused, broken by a proxy, reconnecting) do they poll,
     every data-poll-ms; and once when an automatic step falls due that no stream will
     announce (data-due-ms). Each unchanged ask is one small query answered 204. ---- */
  var pollTimer = null, dueTimer = null, streaming = false, tableGone = false;

  var ASKERS = "#table[hx-get], #lobby-tables[hx-get], #rematch[hx-get]";

  function askers() {
    return document.querySelectorAll(ASKERS);
  }

  function ask(el) {
    if (el && document.body.contains(el) && window.htmx) window.htmx.trigger(el, "siete:poll");
  }

  function schedulePoll(delay) {
    clearTimeout(pollTimer);
    pollTimer = null;
    var first = askers()[0];
    if (tableGone || !first || (streaming && delay === undefined)) return;
    var every = parseInt(first.getAttribute("data-poll-ms"), 10) || 1500;
    pollTimer = setTimeout(function () {
      askers().forEach(ask);
      schedulePoll();
    }, delay !== undefined ? delay : every);
  }

  function scheduleDue() {
    clearTimeout(dueTimer);
    var table = document.querySelector("#table[data-due-ms]");
    if (!table) return;
    var due = parseInt(table.getAttribute("data-due-ms"), 10);
    if (!isNaN(due)) dueTimer = setTimeout(function () { ask(document.getElementById("table")); }, due);
  }

  // The stream's element says whether it is open (data-stream="open"): for the eye, and tests.
  function onStreamOpen(evt) {
    streaming = true;
    evt.target.setAttribute("data-stream", "open");
    schedulePoll();
  }

  function onStreamLost(evt) {
    streaming = false;
    if (evt.target && evt.target.setAttribute) evt.target.setAttribute("data-stream", "lost");
    if (!pollTimer) schedulePoll();
  }

  // The stream's news is the version a commit wrote when it wrote the table's state, else
  // "changed". A page that shows that version or a later one already (the mover's, handed the
  // table its own move left) does not ask. Other news is kept until an ask made after it is
  // answered: htmx drops the ask while a move is in flight (hx-sync), and the move's answer may
  // be older than the news (another's move, a reaction), so the page then asks once more.
  var heard = null, heardAt = 0, requests = 0, inFlight = 0;

  function tableVersion() {
    var table = document.getElementById("table");
    return (table && table.getAttribute("data-version")) || "";
  }

  function covered(news) {
    var shows = tableVersion();
    return /^\d+$/.test(news) && /^\d+$/.test(shows) && Number(news) <= Number(shows);
  }

  function aimsAtTable(evt) {
    var target = evt.detail && evt.detail.target;
    return !!target && target.id === "table";
  }

  function onConfirm(evt) {
    var elt = evt.detail.elt, trigger = evt.detail.triggeringEvent;
    if (!elt || elt.id !== "table" || !trigger || trigger.type !== "sse:changed") return;
    var news = String((trigger.detail && trigger.detail.data) || "changed");
    if (covered(news)) return evt.preventDefault();
    var both = heard !== null && /^\d+$/.test(heard) && /^\d+$/.test(news);
    heard = heard === null ? news : (both ? String(Math.max(Number(heard), Number(news))) : "changed");
    heardAt = ++requests;
  }

  function onBeforeRequest(evt) {
    if (!aimsAtTable(evt)) return;
    inFlight += 1;
    evt.detail.requestConfig.sieteAsked = ++requests;
  }

  // The table answered its ask with 404: it is gone for this viewer (a private table whose
  // link was renewed, whose seat they left, or a login ended; its stream ended too). Asking
  // again every data-poll-ms would only hear 404 until the tab closed: the page stops asking,
  // and "Refresh" or a link takes its viewer on.
  function noteTableGone(evt) {
    var elt = evt.detail.elt, xhr = evt.detail.xhr, config = evt.detail.requestConfig;
    if (!xhr || xhr.status !== 404 || !elt || elt.id !== "table" || !config || config.verb !== "get") return;
    tableGone = true;
    clearTimeout(pollTimer);
    clearTimeout(dueTimer);
    pollTimer = null;
  }

  function onAfterRequest(evt) {
    noteTableGone(evt);
    if (!aimsAtTable(evt)) return;
    inFlight = Math.max(0, inFlight - 1);
    var config = evt.detail.requestConfig, xhr = evt.detail.xhr;
    if (config && config.sieteAsked > heardAt) heard = null;  // asked after the news: answered it
    // else the news came while this was in flight: catch up once its answer is in (catchUp, at
    // the swap's settle; now if no swap comes)
    if (heard !== null && (!xhr || xhr.status === 204 || xhr.status === 0)) setTimeout(catchUp, 0);
  }

  /* A fetch that got no answer (the network, a timeout) or a 5xx (the 503 of a database that went
     away) or a 429 leaves the page as it was, and the news it was fetching for is spent: with the
     stream open nothing asks again until the next news, which at one's own turn comes only with
     the turn's timeout. The element asks again 1 s later, then 2, 4 … 16 s apart, until it is
     answered. (Polling pages ask again at their next poll anyway.) */
  var retryTimers = {}, retryDelays = {};

  function retryLater(elt) {
    var id = elt.id;
    clearTimeout(retryTimers[id]);
    retryDelays[id] = Math.min(16000, (retryDelays[id] || 500) * 2);
    retryTimers[id] = setTimeout(function () {
      if (streaming && !(id === "table" && tableGone)) ask(document.getElementById(id));
    }, retryDelays[id]);
  }

  function askedGet(evt) {
    var elt = evt.detail.elt, config = evt.detail.requestConfig;
    return !!elt && !!config && config.verb === "get" && elt.matches && elt.matches(ASKERS) ? elt : null;
  }

  function onFetchAnswered(evt) {
    var elt = askedGet(evt), status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (!elt || status === 0) return;  // no answer: htmx:sendError or htmx:timeout says so
    if (status === 429 || status >= 500) return retryLater(elt);
    clearTimeout(retryTimers[elt.id]);
    if (retryDelays[elt.id]) clearErrorFlash();  // answered again: the failure it told of is over
    delete retryDelays[elt.id];
  }

  function clearErrorFlash() {
    document.querySelectorAll("#flash .flash--error").forEach(function (p) { p.remove(); });
  }

  function onFetchUnanswered(evt) {
    var elt = askedGet(evt);
    if (elt && streaming) retryLater(elt);
  }

  function catchUp() {
    if (heard === null || inFlight > 0) return;
    if (covered(heard)) heard = null;
    else ask(document.getElementById("table"));
  }

  // After each swap, and at the first look: catch up on news heard while a move was in flight,
  // time the next automatic step, and poll while no stream is open.
  function onNewsSettled() {
    catchUp();
    if (!tableGone) scheduleDue();
    if (!streaming && !pollTimer) schedulePoll();
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

  if (window.htmx) configureHtmx(window.htmx);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:configRequest", onConfigRequest);
  document.addEventListener("htmx:sendError", onSendError);
  document.addEventListener("htmx:afterSettle", tick);  // new countdowns show at once, not 250 ms later
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("siete:deadline", function () { setTimeout(function () { ask(document.getElementById("table")); }, 300); });
  document.addEventListener("htmx:sseOpen", onStreamOpen);
  document.addEventListener("htmx:sseError", onStreamLost);
  document.addEventListener("htmx:sseClose", onStreamLost);
  document.addEventListener("htmx:afterSettle", onNewsSettled);
  document.addEventListener("DOMContentLoaded", onNewsSettled);
  document.addEventListener("htmx:confirm", onConfirm);
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:afterRequest", onAfterRequest);
  document.addEventListener("htmx:afterRequest", onFetchAnswered);
  document.addEventListener("htmx:sendError", onFetchUnanswered);
  document.addEventListener("htmx:timeout", onFetchUnanswered);
  setInterval(tick, 250);
})();
