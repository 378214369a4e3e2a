/**
 * @module presentations/ui/style
 * The web UI's one stylesheet: system fonts, AA contrast (text #1a1a1a on white, links #0b4fb3),
 * visible focus rings, one column on a phone and a wider reading column from 48rem up.
 */
export const STYLE_CSS = `
:root { --fg: #1a1a1a; --muted: #4a4a4a; --bg: #ffffff; --panel: #f4f6f8; --line: #d0d5db; --link: #0b4fb3; --accent: #1d4ed8; --bad: #a4161a; --ok: #1b6e2d; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, summary:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--fg); color: #fff; padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: 0; }
header.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .6rem 1rem; background: #10233f; color: #fff; }
header.top .brand { font-weight: 700; color: #fff; text-decoration: none; }
header.top nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
header.top nav a { color: #dbe7ff; text-decoration: none; padding: .2rem 0; border-bottom: 2px solid transparent; }
header.top nav a[aria-current="page"] { color: #fff; border-bottom-color: #f59e0b; }
header.top .who { margin-left: auto; font-size: .9rem; color: #dbe7ff; display: flex; gap: .5rem; align-items: center; }
header.top .who button { font-size: .85rem; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
label { font-weight: 600; display: block; margin: .5rem 0 .2rem; }
input[type="text"], input[type="search"], input[type="password"], textarea, select { width: 100%; font: inherit; padding: .45rem .6rem; border: 1px solid #6b7280; border-radius: 4px; color: var(--fg); background: #fff; }
textarea { min-height: 6rem; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9rem; }
button, .button { font: inherit; padding: .4rem .9rem; border: 1px solid var(--accent); border-radius: 4px; background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
.row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
.row > .grow { flex: 1 1 16rem; }
fieldset { border: 1px solid var(--line); border-radius: 4px; margin: .75rem 0; padding: .25rem .75rem .5rem; }
fieldset label { display: inline-flex; gap: .3rem; font-weight: 400; margin: .2rem .8rem .2rem 0; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
.muted { color: var(--muted); }
.error { color: var(--bad); font-weight: 600; }
.ok { color: var(--ok); font-weight: 600; }
.badge { display: inline-block; font-size: .8rem; padding: 0 .4rem; border-radius: 3px; background: #e6ebf2; color: #1f2d3d; border: 1px solid #c4cdd8; }
.badge.stale { background: #fde8e8; color: var(--bad); border-color: #f0b4b4; }
ol.results { padding-left: 1.5rem; }
ol.results li { margin: 0 0 1rem; }
ol.results .snippet { margin: .2rem 0; color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--panel); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9rem; }
pre { background: var(--panel); padding: .5rem; border-radius: 4px; overflow-x: auto; }
pre.caret { margin: .25rem 0; }
main svg { max-width: 100%; height: auto; }
main { overflow-wrap: break-word; }
dl.panel, .explain dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: .5rem 0; }
dl.panel dt, .explain dt { font-weight: 600; }
dl.panel dd, .explain dd { margin: 0; }
progress { width: 100%; max-width: 28rem; height: 1.1rem; }
.crumbs { font-size: .95rem; margin-bottom: .5rem; }
.context-text { white-space: pre-wrap; }
del { background: #fde8e8; color: var(--bad); }
ins { background: #e3f4e6; color: var(--ok); text-decoration: none; }
.inline-form { display: inline; }
@media (min-width: 48rem) {
  .two { display: grid; grid-template-columns: 1fr 1fr; gap: 1.5rem; }
}
`;
