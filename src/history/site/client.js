// The trend site's page script (bundled with uPlot by generate-assets.ts). Data arrives as
// scripts that call benchgateSite.overview(...) and benchgateSite.series(...), so the site works
// from a web server and from disk alike. Every string from the data is shown with textContent.
import uPlot from 'uplot';

const state = { overview: null, series: new Map(), waiting: new Map(), chart: null };
const HEX = /^[0-9a-f]{7,64}$/;

window.benchgateSite = {
  overview(data) {
    state.overview = data;
    route();
  },
  series(id, data) {
    state.series.set(id, data);
    const resolve = state.waiting.get(id);
    state.waiting.delete(id);
    if (resolve) resolve(data);
  },
};

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k === 'onclick') node.addEventListener('click', v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

const signed = (pct) => `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
const interval = (i) => `[${signed(i[0])}, ${signed(i[1])}]`;
const short = (sha) => String(sha).slice(0, 12);

function commitLink(sha) {
  const url = state.overview.commitUrl;
  if (typeof url !== 'string' || !/^https:\/\//.test(url) || !HEX.test(sha)) return el('code', { text: short(sha) });
  return el('a', { href: url + sha, text: short(sha), rel: 'noopener' }, []);
}

function loadSeries(id) {
  if (state.series.has(id)) return Promise.resolve(state.series.get(id));
  return new Promise((resolve, reject) => {
    state.waiting.set(id, resolve);
    const script = el('script', { src: `data/series/${id}.js` });
    script.addEventListener('error', () => reject(new Error(`cannot load data/series/${id}.js`)));
    document.head.append(script);
  });
}

const COLUMNS = [
  { key: 'name', label: 'benchmark', value: (r) => `${r.suite}: ${r.benchmark}${r.metric === 'time' ? '' : ` ${r.metric}`}` },
  { key: 'machine', label: 'machine class', value: (r) => r.machine },
  { key: 'points', label: 'points', value: (r) => r.points, numeric: true },
  { key: 'change', label: 'largest change point', value: (r) => (r.change ? Math.abs(r.change.changePct) : -1), numeric: true },
  { key: 'creep', label: 'creep', value: (r) => (r.creep ? Math.abs(r.creep.changePct) : -1), numeric: true },
];

function changeCell(c) {
  if (!c) return el('td', { text: '—' });
  return el('td', { class: c.direction }, [`${signed(c.changePct)} ${interval(c.interval)} at `, commitLink(c.commit)]);
}

function renderOverview(root, only = null) {
  const o = state.overview;
  const shownRows = only ?? o.rows;
  let sortKey = 'change';
  let descending = true;
  const tbody = el('tbody');
  const fill = () => {
    const column = COLUMNS.find((c) => c.key === sortKey);
    const rows = [...shownRows].sort((a, b) => {
      const [x, y] = [column.value(a), column.value(b)];
      const order = column.numeric ? x - y : String(x).localeCompare(String(y));
      return descending ? -order : order;
    });
    const fragment = document.createDocumentFragment();
    for (const r of rows) {
      fragment.append(
        el('tr', {}, [
          el('td', {}, [el('a', { href: `#b=${r.id}`, text: COLUMNS[0].value(r) })]),
          el('td', { text: r.machine }),
          el('td', { text: String(r.points), class: 'num' }),
          changeCell(r.change),
          r.creep
            ? el('td', { text: `${signed(r.creep.changePct)} ${interval(r.creep.interval)} over ${r.creep.links} links` })
            : el('td', { text: '—' }),
        ]),
      );
    }
    tbody.replaceChildren(fragment);
  };
  const head = el(
    'tr',
    {},
    COLUMNS.map((c) =>
      el('th', {
        text: c.label,
        'aria-sort': 'none',
        onclick: () => {
          descending = sortKey === c.key ? !descending : Boolean(c.numeric);
          sortKey = c.key;
          fill();
        },
      }),
    ),
  );
  fill();
  root.replaceChildren(
    el('h1', { text: `Benchmark history of ${o.branch}` }),
    el('p', {
      text: `${o.records} records, ${o.rows.length} series. Change points: E-Divisive on the medians of one machine class${o.window === null ? '' : `; the largest in each series's last ${o.window} commits`}. Creep: the latest ${o.creepLinks} links chained. Click a column to sort.`,
    }),
    ...(only === null
      ? []
      : [
          el('p', {}, [
            only.length === 0 ? 'No history of this benchmark on this branch yet. ' : 'This benchmark on each machine class. ',
            el('a', { href: '#', text: 'All benchmarks' }),
          ]),
        ]),
    el('table', { id: 'overview' }, [el('thead', {}, [head]), tbody]),
  );
  document.documentElement.dataset.view = 'overview';
}

async function renderTrend(root, id) {
  const row = state.overview.rows.find((r) => r.id === id);
  if (!row) {
    root.replaceChildren(el('p', { text: `no series ${id}` }), el('a', { href: '#', text: 'overview' }));
    return;
  }
  root.replaceChildren(el('p', { text: 'loading…' }));
  const s = await loadSeries(id);
  const chartBox = el('div', { id: 'chart' });
  const list = el('ol', { id: 'change-points' });
  for (const c of s.changePoints) {
    list.append(
      el('li', { class: c.direction }, [
        `${c.direction} ${signed(c.changePct)} ${interval(c.interval)} (p ${c.p.toPrecision(2)}) at `,
        commitLink(c.commit),
        ' after ',
        commitLink(c.previous),
        el('br'),
        'find the commit: ',
        el('code', { class: 'bisect', text: c.bisect }),
      ]),
    );
  }
  root.replaceChildren(
    el('p', {}, [el('a', { href: '#', text: '← overview' })]),
    el('h1', { text: s.name }),
    el('p', {
      class: 'machine',
      text: `machine class: ${s.machine}; unit: ${s.unit}; ${s.value.length} points. Drag to zoom, double-click to reset.`,
    }),
    chartBox,
    el('h2', { text: `Change points (${s.changePoints.length})` }),
    list,
  );
  // The change points as a second series: markers drawn by uPlot where a new level starts.
  const marks = s.value.map(() => null);
  for (const c of s.changePoints) marks[c.index] = s.value[c.index];
  state.chart?.destroy();
  state.chart = new uPlot(
    {
      width: Math.min(1100, root.clientWidth || 1000),
      height: 360,
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
      series: [
        // The legend names the hovered point's commit beside its date.
        {
          label: 'recorded',
          value: (u, v, _si, i) => (i == null ? '--' : `${new Date(v * 1000).toISOString().slice(0, 16)} ${s.commit[i] ?? ''}`),
        },
        { label: s.unit, stroke: '#3465a4', width: 1, points: { show: false } },
        { label: 'change point', stroke: '#cc0000', width: 0, paths: () => null, points: { show: true, size: 10, fill: '#cc0000' } },
      ],
    },
    [s.time, s.value, marks],
    chartBox,
  );
  document.documentElement.dataset.view = 'trend';
  document.documentElement.dataset.changePoints = String(s.changePoints.length);
}

/** The rows a PR comment's link names (#suite=…&benchmark=…&metric=…), or null when the hash names none. */
function byName(params) {
  if (!params.has('benchmark')) return null;
  return state.overview.rows.filter(
    (r) =>
      r.benchmark === params.get('benchmark') &&
      (!params.has('suite') || r.suite === params.get('suite')) &&
      (!params.has('metric') || r.metric === params.get('metric')),
  );
}

function route() {
  if (!state.overview) return;
  const root = document.getElementById('app');
  const match = /^#b=(\d+)$/.exec(location.hash);
  // After the next frame: what is rendered has been painted. The mark lets the bench time it.
  const done = () =>
    requestAnimationFrame(() => {
      performance.mark('benchgate-rendered');
      document.documentElement.dataset.rendered = location.hash || '#';
    });
  delete document.documentElement.dataset.rendered;
  const named = match ? null : byName(new URLSearchParams(location.hash.slice(1)));
  const id = match ? Number(match[1]) : named?.length === 1 ? named[0].id : null;
  if (id !== null) renderTrend(root, id).then(done, (e) => root.replaceChildren(el('p', { text: String(e.message) })));
  else if (named) {
    // A benchmark recorded on several machine classes: its rows; none: said so.
    renderOverview(root, named);
    done();
  } else {
    state.chart?.destroy();
    state.chart = null;
    renderOverview(root);
    done();
  }
}

window.addEventListener('hashchange', route);
