// The visitor's theme: system, light or dark, kept in the `theme_preference` cookie that the cookie policy
// lists (Functional, 12 months). The server renders it as <html data-theme="…">; the stylesheet (src/styles/global.css)
// does the rest, with `system` following the browser's colour scheme. Used by the layout, the /theme endpoint and the
// header's toggle script, so it stays tiny and free of imports.

/** The cookie's name, as the cookie policy lists it. */
export const THEME_COOKIE = 'theme_preference';

/** The choices, in the order the toggle cycles through them. */
const THEMES = ['system', 'light', 'dark'] as const;

export type ThemePreference = (typeof THEMES)[number];

/** The cookie's lifetime: 12 months, as the cookie policy says. */
export const THEME_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** What the toggle calls each choice (its accessible name is `Theme: {label}`). */
export const THEME_LABELS: Readonly<Record<ThemePreference, string>> = { system: 'System', light: 'Light', dark: 'Dark' };

/** A stored or posted value as a theme: exactly one of the choices, anything else (or nothing) is `system`. */
export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Whether a posted value names one of the choices. */
export function isThemePreference(value: unknown): value is ThemePreference {
  return (THEMES as readonly unknown[]).includes(value);
}

/** The choice after `theme` in the toggle's cycle: system → light → dark → system. */
export function nextTheme(theme: ThemePreference): ThemePreference {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'system';
}
