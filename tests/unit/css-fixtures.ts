// Stylesheets for the critical CSS tests (css-*.test.ts, critical-css.test.ts).

/**
 * A stylesheet shaped like Tailwind 4's output: layers, theme variables, fallback initial values, escaped class
 * names, variants in @media, @property and @keyframes.
 */
export const TAILWIND_CSS = [
  '/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */',
  '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000;--tw-font-weight:initial}}}',
  '@layer theme{:root,:host{--font-sans:Arial, sans-serif;--default-font-family:var(--font-sans);--color-red-600:red;--color-slate-50:#f8fafc;--color-indigo-600:indigo;--animate-spin:spin 1s linear infinite}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html,:host{font-family:var(--default-font-family)}}',
  '@layer components;',
  '@layer utilities{.text-red-600{color:var(--color-red-600)}.hover\\:bg-slate-50:hover{@media (hover:hover){background-color:var(--color-slate-50)}}.w-1\\/2{width:50%}.\\32 xl\\:p-4{padding:1rem}',
  '.font-bold{--tw-font-weight:700;font-weight:700}.shadow{--tw-shadow:0 1px 3px;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}.animate-spin{animation:var(--animate-spin)}',
  '.js .copy-btn{display:inline-flex}.group:hover .group-hover\\:underline{text-decoration:underline}.peer:not(.is-off)~.x{color:blue}a[href$=".pdf"].pdf-link{color:green}',
  '.aria-\\[current\\=true\\]\\:bg-indigo-600[aria-current=true]{background:var(--color-indigo-600)}}',
  '@media (width>=40rem){.sm\\:hidden{display:none}.sm\\:block{display:block}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-font-weight{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{75%,to{opacity:0}}',
  '.sol-line:before{content:counter(sol-line) / "";color:gray}',
].join('');

/**
 * Shaped like src/styles/global.css built: the palette redefined under html[data-theme=dark] and again for the
 * system theme inside the colour-scheme query, colour-scheme per attribute, the toggle's icons chosen from <html>.
 */
export const THEMED_CSS = [
  '@layer theme{:root,:host{--color-white:#fff;--color-slate-100:oklch(96.8% .007 247.896);--color-slate-900:oklch(20.8% .042 265.755);--color-red-800:red}}',
  '@layer utilities{.bg-white{background-color:var(--color-white)}.bg-slate-100{background-color:var(--color-slate-100)}.text-slate-900{color:var(--color-slate-900)}.text-red-800{color:var(--color-red-800)}',
  '.dark\\:bg-slate-100:where([data-theme=dark],[data-theme=dark] *){background-color:var(--color-slate-100)}',
  '@media (prefers-color-scheme:dark){.dark\\:bg-slate-100:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *){background-color:var(--color-slate-100)}}}',
  ':root{color-scheme:light dark}:root[data-theme=light]{color-scheme:light}:root[data-theme=dark]{color-scheme:dark}',
  ':root:where([data-theme=dark],[data-theme=dark] *){--color-white:oklch(21.5% .04 265);--color-slate-100:oklch(16% .035 265);--color-slate-900:oklch(96.8% .007 247.896);--color-red-800:oklch(88.5% .062 18.334)}',
  '@media (prefers-color-scheme:dark){:root:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *){--color-white:oklch(21.5% .04 265);--color-slate-100:oklch(16% .035 265);--color-slate-900:oklch(96.8% .007 247.896);--color-red-800:oklch(88.5% .062 18.334)}}',
  '.palette-fixed{--color-white:#fff;--color-slate-900:oklch(20.8% .042 265.755)}',
  '.chart-colours{--chart-text:var(--color-slate-900)}',
  '.theme-icon{display:none}:root:not([data-theme=light],[data-theme=dark]) .theme-icon-system,:root[data-theme=light] .theme-icon-light,:root[data-theme=dark] .theme-icon-dark{display:block}',
].join('');
