/* Siete y medio: how a live page learns that something changed, and asks for it. Loaded with
   `defer` after siete.js (base.html); it holds no words. */
(function () {
  "use strict";

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

  // Pages may poll on a countdown's end (siete.js's siete:deadline): the step it waited for.
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
})();
