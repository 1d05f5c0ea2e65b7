/**
 * The pages the mailed links open, on the merchant API origin (the offline service's own, under
 * `/mock/login/`): `confirm?token=` confirms an email address; `password?token=` is a form that
 * sets a new password (for a user of the merchant's store, the store's Password reset address is
 * asked to). Plain HTML forms, no script; a strict CSP; no Referer, so the token in the address
 * never leaves.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from './operations/common';
import type { UserStorePasswordResetRequest } from 'payui-embed/server';
import { confirmEmail, passwordResetByStore, resetPassword } from '../domain/login-accounts';
import { findLink, loginProjectById, type LoginLink } from '../store/login';
import { escapeHtml } from '../lib/plain';
import { hashPassword } from '../lib/password';
import { callUserStore } from '../domain/user-store';

const MIN_PASSWORD = 6;

const escape = escapeHtml;

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1c2230;background:#f4f6fa}'
  + 'main{max-width:26rem;margin:4rem auto;padding:1.5rem 2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}'
  + 'label{display:block;margin:1rem 0 .25rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.4rem}'
  + 'button{font:inherit;margin-top:1rem;padding:.4rem 1rem}.bad{color:#a11a1a}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
const CSP = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** A page of the given title and body (HTML already escaped by the caller). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).headers({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CSP,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  }).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · payui</title><style>${STYLE}</style></head>
<body><main>
<h1>${escape(title)}</h1>
${body}
</main></body></html>`);
}

const backLink = (link: LoginLink) => (link.login_url ? `<p><a href="${escape(link.login_url)}">Back to log in</a></p>` : '');
const expired = (reply: FastifyReply) => page(reply, 404, 'This link does not work', '<p class="bad">It was used already, has expired, or was never sent. Ask for a new one.</p>');

function passwordForm(token: string, problem = '') {
  return `${problem ? `<p class="bad" role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="/mock/login/password">
<input type="hidden" name="token" value="${escape(token)}">
<label for="password">New password (at least ${MIN_PASSWORD} characters)</label>
<input id="password" name="password" type="password" minlength="${MIN_PASSWORD}" required autocomplete="new-password">
<button type="submit">Set the password</button>
</form>`;
}

const tokenOf = (query: unknown) => {
  const token = (query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length <= 100 ? token : '';
};

export function loginPages(app: FastifyInstance, context: ServiceContext): void {
  const now = context.merchantNow;

  app.get('/mock/login/confirm', async (request, reply) => {
    const token = tokenOf(request.query);
    const link = token ? await findLink(context.db.sql, token, 'confirm', now) : undefined;
    if (!link?.user_id || !(await confirmEmail(context.db, token, link.user_id))) return expired(reply);
    return page(reply, 200, 'Email address confirmed', `<p>Thank you, ${escape(link.username)}: you can log in now.</p>${backLink(link)}`);
  });

  app.get('/mock/login/password', async (request, reply) => {
    const token = tokenOf(request.query);
    const link = token ? await findLink(context.db.sql, token, 'reset', now) : undefined;
    if (!link) return expired(reply);
    return page(reply, 200, 'Set a new password', `<p>For ${escape(link.username)}.</p>${passwordForm(token)}`);
  });

  // The form posts application/x-www-form-urlencoded: read here only, never by the API's operations.
  app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(text as string)));
    });
    forms.post('/mock/login/password', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const token = tokenOf(form);
      const password = form.password ?? '';
      const link = token ? await findLink(context.db.sql, token, 'reset', now) : undefined;
      if (!link) return expired(reply);
      if ([...password].length < MIN_PASSWORD) {
        return page(reply, 422, 'Set a new password', passwordForm(token, `The password must be at least ${MIN_PASSWORD} characters.`));
      }
      if (link.user_id) {
        const userId = link.user_id;
        const passwordHash = await hashPassword(password);
        const changed = await resetPassword(context.db, token, userId, passwordHash);
        if (!changed) return expired(reply);
      } else {
        const project = await loginProjectById(context.db.sql, link.login_project_id);
        const answer = project?.password_reset
          ? await callUserStore(project.password_reset, { login_project_id: project.id, username: link.username, password } satisfies UserStorePasswordResetRequest, project.secret_key, context.userStoreTimeoutMs)
          : ({ kind: 'no-answer', why: 'no Password reset address' } as const);
        if (answer.kind === 'refused') return page(reply, 422, 'Set a new password', passwordForm(token, answer.message));
        if (answer.kind === 'no-answer') return page(reply, 502, 'The password was not changed', '<p class="bad">The game\'s user store did not answer. Try again later.</p>');
        const spent = await passwordResetByStore(context.db, token, link);
        if (!spent) return expired(reply);
      }
      return page(reply, 200, 'Password changed', `<p>You can log in with the new password now.</p>${backLink(link)}`);
    });
  });
}
