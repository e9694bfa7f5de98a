// The form of POST /theme (the header's theme toggle without JavaScript): the choice, and the page to go back to.
import * as z from 'zod';
import { isThemePreference, type ThemePreference } from '../page/theme.ts';
import { localReturnPath } from './same-site.ts';

/** What POST /theme answers (400) for anything but a known choice. */
const UNKNOWN_THEME = 'Unknown theme: choose system, light or dark';

/** The theme chosen, and `return`: a path of this site to send the visitor back to, else null. */
export const ThemeForm = z.object({
  theme: z.custom<ThemePreference>(isThemePreference, { error: UNKNOWN_THEME }),
  return: z.unknown().optional().transform(localReturnPath),
});
