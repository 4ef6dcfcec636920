/* Siete y medio, the pages one plays or replays a game on (templates/play/table.html,
   templates/history/game.html): what a screen reader hears and what the keys do. With
   JavaScript off nothing here is missed: the log, the reactions and the chat are on the page,
   and every key has its button or link.
   - New log lines, reactions, chat messages and news in place ([data-announce]: a rematch
     offered, an invitee's answer) are read out once each in #announcer.
   - A button with data-hotkey="d" is pressed by the D key; on a game's page, ← and → press
     the replay's previous and next move links.
   Apart from siete.js, which every page loads, so that a first visit to the lobby does not
   carry it. */
(function () {
  "use strict";

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

  // News a page shows in place of what was there (a rematch offered on a finished table, an
  // invitee's answer on the owner's waiting page): an element data-announce="<key>" is read
  // out once, when a key not seen before appears.
  var announceNews = announcer("data-announce", function () { return document.querySelector("main"); },
    function (el) { return el.textContent.replace(/\s+/g, " ").trim(); });

  // The chat's newest message is its last: keep it in view when lines arrive.
  function showNewestMessage() {
    var log = document.querySelector("#chat-lines .chat__log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  function onTableChanged() {
    announceReactions();
    announceNews();
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

  document.addEventListener("keydown", onKey);
  document.addEventListener("htmx:afterSettle", onTableChanged);
  document.addEventListener("DOMContentLoaded", onTableChanged);
})();
