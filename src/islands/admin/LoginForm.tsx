import { useState } from 'react';

interface Props {
  error: string | null;
  /** 'Try again in N minutes.' when the client is throttled. */
  retry: string | null;
  /** The user name typed before a refused attempt (never the password). */
  username: string;
}

const field = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';

/**
 * The login: username, password, Login, Back to Home. A plain POST form in both worlds: the
 * server answers with the session cookie and the panel, or the form again with its message and status (401, 429 with
 * Retry-After). Hydrated, it only marks the attempt as under way so a second click does not send it twice.
 */
export function LoginForm({ error, retry, username }: Props) {
  const [sending, setSending] = useState(false);
  return (
    <section className="mx-auto w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="login-title" data-test="admin-login">
      <h2 id="login-title" className="text-lg font-semibold text-slate-900">Login</h2>
      <p className="mt-1 text-sm text-slate-700">Sign in to manage token logos.</p>
      {error && (
        <div role="alert" data-test="login-error" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{error}</p>
          {retry && <p data-test="login-retry" className="mt-1">{retry}</p>}
        </div>
      )}
      <form method="post" action="/token-admin" className="mt-4 space-y-4" aria-busy={sending || undefined} onSubmit={() => setSending(true)}>
        <input type="hidden" name="action" value="login" />
        <div>
          <label htmlFor="admin-username" className="text-sm font-medium text-slate-800">Username</label>
          <input id="admin-username" name="username" type="text" required autoComplete="username" maxLength={200} defaultValue={username} className={field} />
        </div>
        <div>
          <label htmlFor="admin-password" className="text-sm font-medium text-slate-800">Password</label>
          <input id="admin-password" name="password" type="password" required autoComplete="current-password" maxLength={1024} className={field} />
        </div>
        <div className="flex items-center justify-between gap-3">
          <a href="/" className="text-sm font-medium text-indigo-700 hover:underline">Back to Home</a>
          <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">Login</button>
        </div>
      </form>
    </section>
  );
}
