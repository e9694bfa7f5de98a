import { useState } from 'react';
import type { AdminIslandView } from '../lib/admin/types.ts';
import { AdminPanel } from './admin/AdminPanel.tsx';
import { LoginForm } from './admin/LoginForm.tsx';

interface Props {
  /** The login form or the panel, as the server rendered it (no credential, user name or secret in it). */
  view: AdminIslandView;
}

const LOGGED_OUT: AdminIslandView = { kind: 'login', error: null, retry: null, username: '' };

/**
 * The token admin: the page is this island (client:load). Its server render is the
 * plain forms that work without JavaScript; hydrated, the panel filters and chooses tokens in place, previews a chosen
 * or dropped logo, uploads it with the spec's states and logs out without a reload.
 */
export default function TokenAdmin({ view }: Props) {
  const [shown, setShown] = useState<AdminIslandView>(view);
  if (shown.kind === 'login') return <LoginForm error={shown.error} retry={shown.retry} username={shown.username} />;
  return <AdminPanel view={shown} onLoggedOut={() => setShown(LOGGED_OUT)} />;
}
