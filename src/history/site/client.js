// The trend site's page script (bundled with uPlot by generate-assets.ts). Data arrives as
// scripts that call benchgateSite.overview(...) and benchgateSite.series(...), so the site works
// from a web server and from disk alike. Every string from the data is shown with textContent.
import uPlot from 'uplot';
import { formatTicks, formatValue, scaleFor } from '../../report/units.js';

const state = { overview: null, commits: null, series: new Map(), waiting: new Map(), chart: null };
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
  commits(data) {
    state.commits = data;
    const resolve = state.waiting.get('commits');
    state.waiting.delete('commits');
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

// The list's colours (site.css .regression, .improvement), for the chart's dots too.
const COLOUR = { regression: '#a40000', improvement: '#2a7a00' };

const signed = (pct) => `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
const interval = (i) => `[${signed(i[0])}, ${signed(i[1])}]`;
const short = (sha) => String(sha).slice(0, 12);

function commitLink(sha) {
  const url = state.overview.commitUrl;
  if (typeof url !== 'string' || !/^https:\/\//.test(url) || !HEX.test(sha)) return el('code', { text: short(sha) });
  return el('a', { href: url + sha, text: short(sha), rel: 'noopener' }, []);
}

/** A data file's value, loaded once by a script element: `key` is what its call hands back. */
function loadData(key, file, cached) {
  if (cached !== undefined && cached !== null) return Promise.resolve(cached);
  return new Promise((resolve, reject) => {
    state.waiting.set(key, resolve);
    const script = el('script', { src: file });
    script.addEventListener('error', () => reject(new Error(`cannot load ${file}`)));
    document.head.append(script);
  });
}

const loadSeries = (id) => loadData(id, `data/series/${id}.js`, state.series.get(id));
const loadCommits = () => loadData('commits', 'data/commits.js', state.commits);

const COLUMNS = [
  { key: 'name', label: 'benchmark', value: (r) => `${r.suite}: ${r.name}` },
  { key: 'machine', label: 'machine class', value: (r) => r.machine },
  { key: 'points', label: 'points', value: (r) => r.points, numeric: true },
  { key: 'changePoints', label: 'change points', value: (r) => r.changePoints, numeric: true },
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
          el('td', { text: String(r.changePoints), class: 'num' }),
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
  const changePoints = o.rows.reduce((n, r) => n + r.changePoints, 0);
  const packages = o.packages.map((p) => `${p.suite}: ${p.pkg}`).join('; ');
  root.replaceChildren(
    el('h1', { text: `Benchmark history of ${o.branch}` }),
    el('p', {
      id: 'summary',
      text: `${o.records} records, ${o.rows.length} series, ${changePoints} change point${changePoints === 1 ? '' : 's'}.${packages ? ` Package: ${packages}.` : ''} Change points: E-Divisive on the medians of one machine class${o.window === null ? '' : `; the largest in each series's last ${o.window} commits`}. Creep: the latest ${o.creepLinks} links chained. Click a column to sort.`,
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

function changePointList(s) {
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
        ...attributionLine(c.attribution),
      ]),
    );
  }
  return list;
}

// Where a change point's change came from, as its record says (the comment's line: at most 3 functions).
function attributionLine(a) {
  if (!a) return [];
  const unit = a.level === 'calls' ? 'calls/op' : '/op';
  const round = (v) => (Math.abs(v) >= 10 ? v.toFixed(0) : v.toPrecision(2).replace(/\.?0+$/, ''));
  const parts = a.functions.map((f) => `${f.name} ${round(f.base)} → ${round(f.head)} ${unit}`);
  const what = a.source === 'passes' ? 'where the instructions changed: ' : 'where: ';
  return [el('br'), el('span', { class: 'where', text: what + parts.join(', ') })];
}

function creepLine(row) {
  const links = state.overview.creepLinks;
  if (!row.creep) return el('p', { id: 'creep', text: `No creep over the latest ${links} links.` });
  const c = row.creep;
  return el('p', { id: 'creep', class: 'regression' }, [
    `Creep: ${signed(c.changePct)} ${interval(c.interval)} over the latest ${c.links} links, `,
    commitLink(c.from),
    ' to ',
    commitLink(c.to),
    '.',
  ]);
}

/** What the hovered point is: its commit, its date and, where recorded, its subject. */
function pointText(s, commits, i) {
  const k = s.at[i];
  const when = commits.subject[k] === null ? `${commits.date[k]} (recorded)` : commits.date[k];
  return [`#${i + 1}`, commits.commit[k], when, commits.subject[k]].filter((x) => x !== null && x !== '').join(' · ');
}

/** Tick labels, which uPlot draws on the canvas, also kept on the chart's element: the page can read what it shows. */
function shown(box, name, labels) {
  box.dataset[name] = labels.join('|');
  return labels;
}

/** Each change point's label over the chart, beside its dot; redrawn with the chart (zoom). */
function placeLabels(u, s, labels) {
  const width = u.over.clientWidth;
  s.changePoints.forEach((c, k) => {
    const x = u.valToPos(c.index, 'x');
    const label = labels[k];
    label.hidden = !(x >= 0 && x <= width);
    label.style.left = `${x}px`;
    label.style.top = `${u.valToPos(s.value[c.index], 'y')}px`;
  });
}

/** One direction's change points as a series of dots in its colour: values at their indexes, null elsewhere. */
function changePointDots(s, direction) {
  const at = new Set(s.changePoints.filter((c) => c.direction === direction).map((c) => c.index));
  const options = {
    label: direction,
    stroke: COLOUR[direction],
    width: 0,
    paths: () => null,
    points: { show: true, size: 10, fill: COLOUR[direction], stroke: COLOUR[direction] },
  };
  return { options, values: s.value.map((v, i) => (at.has(i) ? v : null)) };
}

/** x: one step per record, ticks naming commits; y: the unit's readable scale, as the reports write values. */
function trendAxes(box, commitAt, scale) {
  const xTicks = (splits) => splits.map((i) => commitAt(i)?.slice(0, 7) ?? '');
  return [
    {
      label: 'commits, oldest to newest',
      incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
      values: (_u, splits) => shown(box, 'xTicks', xTicks(splits)),
    },
    { size: 80, values: (_u, splits) => shown(box, 'yTicks', formatTicks(splits, scale)) },
  ];
}

/** The chart: one step per record (commit order), values in the unit's readable scale, change points by direction. */
function trendChart(box, s, commits, width, hover) {
  const commitAt = (i) => commits.commit[s.at[i]];
  const scale = scaleFor(s.unit, s.value[Math.floor(s.value.length / 2)] ?? 0);
  const [regressions, improvements] = [changePointDots(s, 'regression'), changePointDots(s, 'improvement')];
  const labels = s.changePoints.map((c) => el('div', { class: `cp-label ${c.direction}`, text: signed(c.changePct) }));
  const median = { label: 'median', stroke: '#3465a4', width: 1, points: { show: false } };
  const options = {
    width,
    height: 360,
    cursor: { drag: { x: true, y: false } },
    scales: { x: { time: false } },
    axes: trendAxes(box, commitAt, scale),
    series: [
      { label: 'commit', value: (_u, v) => (v == null ? '--' : (commitAt(v) ?? '--')) },
      { ...median, value: (_u, v) => (v == null ? '--' : formatValue(v, scale)) },
      regressions.options,
      improvements.options,
    ],
    hooks: {
      ready: [(u) => u.over.append(...labels)],
      draw: [(u) => placeLabels(u, s, labels)],
      setCursor: [(u) => (hover.textContent = u.cursor.idx == null ? ' ' : pointText(s, commits, u.cursor.idx))],
    },
  };
  const xs = s.value.map((_, i) => i);
  return new uPlot(options, [xs, s.value, regressions.values, improvements.values], box);
}

async function renderTrend(root, id) {
  const row = state.overview.rows.find((r) => r.id === id);
  if (!row) {
    root.replaceChildren(el('p', { text: `no series ${id}` }), el('a', { href: '#', text: 'overview' }));
    return;
  }
  root.replaceChildren(el('p', { text: 'loading…' }));
  const [s, commits] = await Promise.all([loadSeries(id), loadCommits()]);
  const chartBox = el('div', { id: 'chart' });
  const hover = el('p', { id: 'hover', text: ' ' });
  root.replaceChildren(
    el('p', {}, [el('a', { href: '#', text: '← overview' })]),
    el('h1', { text: `${s.suite}: ${s.name}` }),
    ...(s.pkg === null ? [] : [el('p', { class: 'package', text: `package ${s.pkg}` })]),
    el('p', {
      class: 'machine',
      text: `machine class: ${s.machine}; unit: ${s.unit}; ${s.value.length} points, one per recorded commit. Drag to zoom, double-click to reset.`,
    }),
    creepLine(row),
    hover,
    chartBox,
    el('h2', { text: `Change points (${s.changePoints.length})` }),
    changePointList(s),
  );
  state.chart?.destroy();
  state.chart = trendChart(chartBox, s, commits, Math.min(1100, root.clientWidth || 1000), hover);
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
