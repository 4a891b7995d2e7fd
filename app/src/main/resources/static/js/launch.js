// Keeps the range in words (and the teams of the chosen report) true while the form
// changes: the server says it, as it will run it, so the page never works a range out.
(function () {
    const form = document.getElementById('launch');
    if (!form) {
        return;
    }
    function recheck() {
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(form)) {
            if (name !== '_csrf' && name !== 'action') {
                params.append(name, value);
            }
        }
        // not form.action: the buttons named "action" shadow that property
        fetch(form.getAttribute('action') + '?' + params, { headers: { 'Accept': 'text/html' } })
            .then(answer => answer.ok ? answer.text() : Promise.reject(answer.status))
            .then(html => {
                const page = new DOMParser().parseFromString(html, 'text/html');
                for (const id of ['range-words', 'team-choice']) {
                    const fresh = page.getElementById(id);
                    const shown = document.getElementById(id);
                    if (fresh && shown) {
                        shown.replaceWith(fresh);
                    }
                }
            })
            .catch(() => { /* the Check button still says it */ });
    }
    form.querySelectorAll('[data-recheck]').forEach(field => field.addEventListener('change', recheck));
})();
