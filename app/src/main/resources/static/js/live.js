// Keeps a run's status part up to date while the run goes on, without reloading the page: every two seconds it
// fetches the part again and puts it in place; once the run has ended, it fetches the whole page once and swaps its
// main, so that what a run shows at its end (figures, files, deliveries) appears too. Plain JavaScript, no build.
(function () {
    'use strict';
    var EVERY_MS = 2000;

    function live() {
        return document.getElementById('live');
    }

    function going(part) {
        return part && part.getAttribute('data-going') === 'true';
    }

    function parse(html) {
        var template = document.createElement('template');
        template.innerHTML = html.trim();
        return template.content;
    }

    function refreshPage() {
        return fetch(window.location.href, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
            .then(function (response) { return response.ok ? response.text() : null; })
            .then(function (html) {
                if (!html) { return; }
                var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
                var main = document.querySelector('main');
                if (fresh && main) {
                    main.replaceWith(fresh);
                }
            });
    }

    function poll() {
        var part = live();
        if (!going(part)) {
            return;
        }
        fetch(part.getAttribute('data-poll'), { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
            .then(function (response) {
                // signed out, or the run gone: stop rather than poll an error page forever
                if (!response.ok || response.redirected) { throw new Error('stopped'); }
                return response.text();
            })
            .then(function (html) {
                var fresh = parse(html).querySelector('#live');
                if (!fresh) { return; }
                live().replaceWith(fresh);
                if (going(fresh)) {
                    window.setTimeout(poll, EVERY_MS);
                } else {
                    refreshPage();
                }
            })
            .catch(function (failure) {
                // a network hiccup is tried again; a refusal leaves the page as it was last seen
                if (failure.message !== 'stopped') { window.setTimeout(poll, EVERY_MS * 2); }
            });
    }

    function start() {
        if (going(live())) {
            window.setTimeout(poll, EVERY_MS);
        }
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
}());
