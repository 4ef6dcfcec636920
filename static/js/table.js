/* Siete y medio, the table page only (templates/play/table.html): what makes the table feel
   alive and your turn unmistakable. Everything here is an extra: with JavaScript off the table
   is the same, without animations, sound or notifications.
   - Cards new since the last render slide in; a face-down card shown since then turns over.
   - At your turn: the tab's title flashes while the tab is hidden, a short sound (on by
     default, muted with one click and remembered) played by one tab only, and a desktop
     notification when the tab is hidden (permission asked only after a click).
   Each alert is also sent as a DOM event (siete:beep, siete:notify) the browser tests watch.
   - The keyboard's focus stays where the player was when the table is redrawn. */
(function () {
  "use strict";

  var SOUND_KEY = "siete-sound";       // "0": muted; anything else (or nothing): on
  var BEEP_KEY = "siete-turn-beeped";  // the turn a tab already beeped for: one tab beeps

  function store(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
    } catch (e) { /* private mode: nothing remembered */ }
    return null;
  }

  /* ---- Cards: a card's place (seat and position) and what it showed last time ---- */
  var lastCards = null;
  var lastDid = null;

  function cardsNow(table) {
    var now = {};
    table.querySelectorAll("ol.seats > li[data-seat]").forEach(function (seat) {
      seat.querySelectorAll(".hand .card").forEach(function (card, at) {
        now[seat.getAttribute("data-seat") + ":" + at] = { el: card, id: card.getAttribute("data-card") || "back" };
      });
    });
    return now;
  }

  function markNewCards(table) {
    var now = cardsNow(table);
    if (lastCards !== null) {
      Object.keys(now).forEach(function (place) {
        var before = lastCards[place], card = now[place];
        if (before === undefined || (before !== "back" && before !== card.id)) {
          card.el.classList.add("card--new");
        } else if (before === "back" && card.id !== "back") {
          card.el.classList.add("card--flip");
        }
      });
    }
    lastCards = {};
    Object.keys(now).forEach(function (place) { lastCards[place] = now[place].id; });
    var did = table.querySelector(".seat__did");
    var said = did ? did.closest("[data-seat]").getAttribute("data-seat") + ":" + did.textContent : "";
    if (did && lastDid !== null && said !== lastDid) did.classList.add("seat__did--new");
    lastDid = said;
  }

  /* ---- The sound: a short two-note chime from WebAudio, nothing to download ---- */
  var audio = null;

  function soundOn() { return store(SOUND_KEY) !== "0"; }

  function unlockAudio() {  // browsers start audio only after a gesture: make it ready then
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      if (audio.state === "suspended") audio.resume();
    } catch (e) { audio = null; }
  }

  function chime() {
    document.dispatchEvent(new CustomEvent("siete:beep"));
    if (!audio) return;
    [[660, 0], [990, 0.12]].forEach(function (note) {
      var osc = audio.createOscillator(), gain = audio.createGain(), at = audio.currentTime + note[1];
      osc.frequency.value = note[0];
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.2);
    });
  }

  // One tab per turn: the first tab to claim this turn's key beeps, the others see it taken.
  // The stream tells every tab of a change at the same moment, so the look and the claim are
  // made under a lock all the site's tabs share (Web Locks), where the browser has one.
  function beepOnce(turnKey) {
    if (!soundOn()) return;
    var claim = function () {
      if (store(BEEP_KEY) === turnKey) return;
      store(BEEP_KEY, turnKey);
      chime();
    };
    if (navigator.locks && navigator.locks.request) navigator.locks.request(BEEP_KEY, claim);
    else claim();
  }

  function setUpSoundToggle() {
    var button = document.querySelector("[data-sound-toggle]");
    if (!button) return;
    var show = function () {
      var on = soundOn();
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = button.getAttribute(on ? "data-on" : "data-off");
    };
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      store(SOUND_KEY, soundOn() ? "0" : "1");
      show();
      if (soundOn()) { unlockAudio(); chime(); }
    });
  }

  /* ---- Desktop notifications: asked for only when the player clicks the button ---- */
  function setUpNotifyButton() {
    var button = document.querySelector("[data-notify]");
    if (!button || !("Notification" in window) || window.Notification.permission !== "default") return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var asked = window.Notification.requestPermission();
      var done = function () { button.hidden = window.Notification.permission !== "default"; };
      if (asked && asked.then) asked.then(done); else done();
    });
  }

  function notify(label) {
    document.dispatchEvent(new CustomEvent("siete:notify", { detail: label }));
    if (!("Notification" in window) || window.Notification.permission !== "granted") return;
    try {
      var note = new window.Notification(label, { body: document.title, tag: "siete-turn" });
      note.onclick = function () { window.focus(); note.close(); };
    } catch (e) { /* some browsers allow notifications from a service worker only */ }
  }

  /* ---- The title: "Your turn · <table>", flashing while the tab is hidden ---- */
  var baseTitle = document.title;
  var flashTimer = null;
  var myTurnKey = null;
  var turnLabel = "";

  function setTitle() {
    if (!myTurnKey) { document.title = baseTitle; return; }
    var mark = turnLabel + " · " + baseTitle;
    if (!document.hidden) { document.title = mark; return; }
    document.title = document.title === mark ? "▶ " + turnLabel : mark;
  }

  function signalTurn(table) {
    var mine = !!(table && table.hasAttribute("data-your-turn"));
    turnLabel = (table && table.getAttribute("data-your-turn-label")) || "";
    var key = mine ? table.getAttribute("data-game") + ":" + table.getAttribute("data-version") : null;
    var fresh = mine && !myTurnKey;
    myTurnKey = key;
    if (fresh) {
      beepOnce(key);
      if (document.hidden) notify(turnLabel);
    }
    clearInterval(flashTimer);
    flashTimer = mine ? setInterval(setTitle, 1000) : null;
    setTitle();
  }

  /* ---- At your turn the bank's face-up card stays in view above your docked seat ---- */
  // Your seat docks at the bottom of the screen (dock.css) and the other seats scroll under
  // it. When they do not all fit (eight seats on a phone), or the browser scrolled to the
  // focused button, the bank could sit under the dock or above the screen: scroll just enough
  // to show its card between the top of the screen and the dock. Once per new table state, so
  // a player who scrolls away to read the log is left there until something changes.
  var keptVersion = null;

  function keepBankInView() {
    var table = document.getElementById("table");
    if (!table || !table.hasAttribute("data-your-turn")) return;
    var version = table.getAttribute("data-version");
    if (version === keptVersion) return;
    keptVersion = version;
    var dock = table.querySelector(".seat--dock");
    var card = table.querySelector(".seat--bank:not(.seat--you) .hand .card");
    if (!dock || !card) return;
    // Where the card rests: offsets, not its box, which a new card's slide-in moves for a while.
    var top = card.closest(".seat").getBoundingClientRect().top + card.offsetTop;
    var bottom = top + card.offsetHeight, limit = dock.getBoundingClientRect().top - 6;
    if (bottom > limit) {
      window.scrollBy(0, Math.min(bottom - limit, Math.max(0, top - 6)));
    } else if (top < 0) {
      // Above the screen: down by all of it. Stopping where its bottom met the dock's top fell
      // short when the page had been scrolled past the seats (reading the log, a phone on its
      // side): the dock, no longer stuck to the bottom, moves down with the page, and the card
      // stayed cut off above the Bet buttons. Stuck, the dock is far below the card's new place.
      window.scrollBy(0, top - 6);
    }
  }

  // After the browser's own scroll to an autofocused button: the next frames.
  function keepBankInViewSoon() {
    window.requestAnimationFrame(function () { window.requestAnimationFrame(keepBankInView); });
  }

  /* ---- The keyboard's focus across swaps of #table ---- */
  // htmx gives the focus back only to an element with an id the new table has too. A move whose
  // answer holds no move (the punter's Stand) or a redraw that replaced a link without one (the
  // bank's "?") left it on <body>, and the next Tab went on below the table, in the chat. Here
  // it goes back to the same control (found by what it is and says), else to your seat
  // (data-focus-home), else to the table; only when it was in the table, so a swap never takes
  // it from the chat's field.
  var held = null;  // {region: id, key: what the focused control is} until the swap settles

  function keyOf(el) {
    var form = el.form || el.closest("form");
    return [el.tagName, el.id, el.getAttribute("href"), el.getAttribute("name"), el.getAttribute("value"),
            form ? form.getAttribute("action") : "", el.textContent.trim()].join("\u0001");
  }

  function lost() {
    var el = document.activeElement;
    return !el || el === document.body || !el.isConnected;
  }

  // The focused control inside the element a request or a swap is about to replace.
  function hold(target) {
    var el = document.activeElement;
    if (!target || !target.id || lost() || !target.contains(el)) return false;
    held = { region: target.id, tag: el.tagName, key: keyOf(el), version: target.getAttribute("data-version") };
    return true;
  }

  // Before a move is sent: its button may be disabled (hx-disabled-elt), which blurs it.
  function onBeforeRequest(evt) {
    hold(evt.detail.target);
  }

  function onBeforeSwap(evt) {
    var target = evt.detail.target;
    if (hold(target)) return;
    // Focus elsewhere (the chat's field): this swap is none of ours. Lost already, after our
    // own request blurred its button: keep what was held for this region.
    if (!lost() || !held || !target || held.region !== target.id) held = null;
  }

  function sameIn(region) {
    return Array.prototype.find.call(region.querySelectorAll(held.tag), function (el) {
      return keyOf(el) === held.key;
    });
  }

  function focusHome(region) {
    var home = region.querySelector("[data-focus-home]") || region;
    if (!home.hasAttribute("tabindex")) home.setAttribute("tabindex", "-1");
    home.focus({ preventScroll: true });
  }

  // afterSettle: after htmx's own [autofocus]. A move (the table's version changed) lets it
  // take the focus to the next move's button; a swap that moved nothing of the game (a
  // reaction, a chat line, someone coming or going) keeps the player's place: it took "Bet 2",
  // chosen with Tab, back to "Bet 1", and Enter then bet 1.
  function onAfterSettle(evt) {
    var region = evt.target;
    if (!held || !region || region.id !== held.region) return;
    var same = sameIn(region);
    var unchanged = region.getAttribute("data-version") === held.version;
    if (same && (lost() || unchanged)) same.focus({ preventScroll: true });
    else if (lost()) focusHome(region);
    held = null;
  }

  /* ---- Times of day in the reader's own zone and language ---- */
  // <time datetime="…Z" data-local-time>12:49:22 UTC</time>: the server's UTC stays for a page
  // without JavaScript; here it becomes the reader's clock ("13:49:22" in Madrid).
  function localTimes() {
    if (!window.Intl) return;
    document.querySelectorAll("time[data-local-time]").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      try {
        el.textContent = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
          { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(at);
        el.removeAttribute("data-local-time");
      } catch (e) { /* an unknown language: the UTC time stays */ }
    });
  }

  // The turn's tools (keys, sound, notify) are the seated player's: Join, or a seat taken back,
  // swaps #table alone, and the game's end closes them; #table says data-seated.
  function showTools(table) {
    var tools = document.querySelector("[data-table-tools]");
    if (tools) tools.hidden = !table.hasAttribute("data-seated");
  }

  function onTable() {
    localTimes();
    var table = document.getElementById("table");
    if (!table) return;
    showTools(table);
    markNewCards(table);
    signalTurn(table);
  }

  function start() {
    var keys = document.querySelector("[data-keys]");
    if (keys) keys.hidden = false;
    setUpSoundToggle();
    setUpNotifyButton();
    onTable();
  }

  document.addEventListener("pointerdown", unlockAudio, { once: true, capture: true });
  document.addEventListener("keydown", unlockAudio, { once: true, capture: true });
  document.addEventListener("visibilitychange", setTitle);
  // afterSwap: before the browser paints the new fragment, so a new card never shows unmoved.
  // Fired on the swapped-in elements; a second call for the same table changes nothing.
  document.addEventListener("htmx:afterSwap", onTable);
  // htmx focuses a swapped-in [autofocus] when it settles, which may scroll: look after that.
  document.addEventListener("htmx:afterSettle", keepBankInViewSoon);
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:afterSettle", onAfterSettle);
  window.addEventListener("load", keepBankInViewSoon);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
