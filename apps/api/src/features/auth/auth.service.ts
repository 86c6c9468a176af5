import {
  accountMessages,
  authMessages,
  type changePasswordBody,
  type loginBody,
  type EmailConfirmationResponse,
  type updateCandidateBody,
  type registerBody,
  type User,
} from '@pathways/shared/auth/auth.schemas';
import {
  ACCESS_TOKEN_TTL_MS,
  EMAIL_LINK_VALIDITY_MS,
  SESSION_ABSOLUTE_TTL_MS,
} from '@pathways/shared/common/constants';

import { managerMessages } from '@pathways/shared/managers/managers.schemas';
import type { z } from 'zod';

import type { Config } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Actor } from '../../plugins/access.ts';
import { confirmationMail, passwordResetMail } from './auth.mails.ts';
import { toUserDto } from './auth.mapper.ts';
import { confirmationLinkOutcome, linkAddressConfirmed } from './confirmation-link.ts';
import { publishSessionsChanged } from '../live/index.ts';
import * as repo from './auth.repository.ts';
import {
  bearerToken,
  generateLinkToken,
  hashLinkToken,
  signAccessToken,
  verifyAccessToken,
} from './tokens.ts';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log: { error(obj: unknown, msg?: string): void };
}

export type { Actor };

export interface SignedIn {
  user: User;
  token: string;
}

type LinkRole = 'candidate' | 'client';

export function createAuthService(deps: AuthDeps) {
  const { db, config, mailer, now } = deps;

  async function userDto(tx: DbOrTx, row: repo.UserRow): Promise<User> {
    return toUserDto(
      row,
      row.role === 'client' ? await repo.findClientOrganizationId(tx, row.id) : null,
    );
  }

  async function issueToken(
    row: repo.UserRow,
    sessionId: string,
    sessionExpiresAt: Date,
    at: Date,
  ) {
    const exp = new Date(Math.min(at.getTime() + ACCESS_TOKEN_TTL_MS, sessionExpiresAt.getTime()));
    return signAccessToken(
      config.jwtSecret,
      { userId: row.id, role: row.role, primary: row.primary, sessionId },
      at,
      exp,
    );
  }

  async function startSession(tx: DbOrTx, row: repo.UserRow, meta: RequestMeta): Promise<SignedIn> {
    const at = now();
    const session = await repo.insertSession(tx, {
      userId: row.id,
      createdAt: at,
      lastActiveAt: at,
      expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_TTL_MS),
      userAgent: meta.userAgent?.slice(0, 500),
      ip: meta.ip,
    });
    const updated = await repo.updateUser(tx, row.id, { lastSignInAt: at });
    return {
      user: await userDto(tx, updated),
      token: await issueToken(updated, session.id, session.expiresAt, at),
    };
  }

  /** Creates a one-time link and returns its URL; the caller sends it after the transaction. */
  async function createLink(
    tx: DbOrTx,
    row: repo.UserRow,
    purpose: repo.TokenPurpose,
    email: string,
  ): Promise<string> {
    const at = now();
    await repo.useUpUserTokens(tx, row.id, purpose, at);
    const { token, hash } = generateLinkToken();
    await repo.insertUserToken(tx, {
      userId: row.id,
      purpose,
      tokenHash: hash,
      email,
      createdAt: at,
      expiresAt: new Date(at.getTime() + EMAIL_LINK_VALIDITY_MS),
    });
    const role: LinkRole = row.role === 'candidate' ? 'candidate' : 'client';
    const page = purpose === 'email_confirmation' ? 'confirm_email' : 'password_reset';
    return `${config.appUrl}/${role}/${page}/${token}`;
  }

  // Mail goes out after the transaction commits; a failed delivery is logged, never a lost write.
  async function deliver(mail: Mail) {
    try {
      await mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, to: mail.to, subject: mail.subject }, 'e-mail delivery failed');
    }
  }

  /** Writes a new confirmation link; returns the updated row and the mail to send after commit. */
  async function prepareConfirmation(tx: DbOrTx, row: repo.UserRow) {
    const email = row.unconfirmedEmail ?? row.email;
    const url = await createLink(tx, row, 'email_confirmation', email);
    const updated = await repo.updateUser(tx, row.id, { confirmationSentAt: now() });
    return { row: updated, mail: confirmationMail(email, url) };
  }

  async function liveLinkToken(purpose: repo.TokenPurpose, role: LinkRole, token: string) {
    const found = await repo.findUserTokenByHash(db, purpose, hashLinkToken(token));
    const matchesRole =
      found &&
      (role === 'candidate' ? found.user.role === 'candidate' : found.user.role !== 'candidate');
    if (!found || !matchesRole) throw new AppError('token_invalid', authMessages.linkInvalid);
    return found;
  }

  /** Resolves a bearer token to its actor, or answers 401 (403 for a blocked account). */
  async function authenticate(token: string): Promise<Actor> {
    const at = now();
    const claims = await verifyAccessToken(config.jwtSecret, token, at);
    const live = await repo.findLiveSession(db, claims.sid, at);
    if (!live || String(live.user.id) !== claims.sub) {
      throw new AppError('session_expired', 'Your session has ended');
    }
    if (live.user.isBlocked)
      throw new AppError('blocked', authMessages.blocked, { extra: { isBlocked: true } });
    return {
      userId: live.user.id,
      role: live.user.role,
      primary: live.user.primary,
      sessionId: live.session.id,
      sessionExpiresAt: live.session.expiresAt,
    };
  }

  /** The actor of a request's Authorization header: 401 when it carries no bearer token. */
  async function verifyAuthorization(authorization: string | undefined): Promise<Actor> {
    const token = bearerToken(authorization);
    if (!token) throw new AppError('unauthenticated', 'Please log in');
    return authenticate(token);
  }

  /**
   * What a signed access token says, checked by signature and expiry only (no session lookup):
   * for a caller that has already checked the session and is told when it ends.
   */
  async function readAccessToken(token: string): Promise<{ userId: number; sessionId: string }> {
    const claims = await verifyAccessToken(config.jwtSecret, token, now());
    return { userId: Number(claims.sub), sessionId: claims.sid };
  }

  return {
    async register(input: z.output<typeof registerBody>, meta: RequestMeta): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      let result: { signedIn: SignedIn; mail: Mail };
      try {
        result = await db.transaction(async (tx) => {
          if (await repo.findUserByEmail(tx, input.email)) {
            throw fieldError('email', authMessages.emailTaken);
          }
          const row = await repo.insertUser(tx, {
            email: input.email,
            passwordHash,
            role: 'candidate',
            signupCampaignId:
              input.campaignId && (await repo.campaignExists(tx, input.campaignId))
                ? input.campaignId
                : null,
          });
          const confirmation = await prepareConfirmation(tx, row);
          return {
            signedIn: await startSession(tx, confirmation.row, meta),
            mail: confirmation.mail,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', authMessages.emailTaken);
        throw error;
      }
      await deliver(result.mail);
      return result.signedIn;
    },

    async login(input: z.output<typeof loginBody>, meta: RequestMeta): Promise<SignedIn> {
      const row = await repo.findUserByEmail(db, input.email);
      const ok = row
        ? await verifyPassword(row.passwordHash, input.password)
        : await burnPasswordCheck(input.password);
      if (!row || !ok) throw new AppError('unauthenticated', authMessages.loginFailed);
      if (row.isBlocked)
        throw new AppError('blocked', authMessages.blocked, { extra: { isBlocked: true } });
      if (row.role === 'client' && (await repo.isDeactivatedClient(db, row.id))) {
        throw new AppError('forbidden', managerMessages.deactivated);
      }
      return db.transaction((tx) => startSession(tx, row, meta));
    },

    authenticate,
    verifyAuthorization,
    readAccessToken,
    /** Of the given sessions, those still live (one query however many). */
    liveSessionIds: (sessionIds: readonly string[]) =>
      repo.findLiveSessionIds(db, sessionIds, now()),
    deliver,

    /** The id of the account an e-mail address logs in to, if any. */
    async accountIdByEmail(email: string): Promise<number | undefined> {
      return (await repo.findUserByEmail(db, email))?.id;
    },

    /** The account a confirmation link (live or expired) was sent to, if it names one. */
    async accountOfConfirmationLink(role: LinkRole, token: string): Promise<number | undefined> {
      try {
        return (await liveLinkToken('email_confirmation', role, token)).user.id;
      } catch (error) {
        if (error instanceof AppError) return undefined;
        throw error;
      }
    },

    /**
     * A session for a user who proved who they are another way (a social provider). Blocked
     * users and deactivated client users are refused as at log-in.
     */
    async startSessionFor(userId: number, meta: RequestMeta): Promise<SignedIn> {
      const row = await repo.findUserById(db, userId);
      if (!row) throw new AppError('unauthenticated', authMessages.loginFailed);
      if (row.isBlocked)
        throw new AppError('blocked', authMessages.blocked, { extra: { isBlocked: true } });
      if (row.role === 'client' && (await repo.isDeactivatedClient(db, row.id))) {
        throw new AppError('forbidden', managerMessages.deactivated);
      }
      return db.transaction((tx) => startSession(tx, row, meta));
    },

    /**
     * A candidate signed up through a provider, without a password. The address counts as
     * confirmed only when the provider says it verified it; otherwise a confirmation link is
     * written, and its mail returned for the caller to send after the transaction.
     */
    async createCandidateFromProvider(
      tx: DbOrTx,
      input: {
        email: string;
        emailVerified: boolean;
        campaignId: number | null;
        firstName: string | null;
        lastName: string | null;
      },
    ): Promise<{ row: repo.UserRow; mail: Mail | null }> {
      const at = now();
      const row = await repo.insertUser(tx, {
        email: input.email,
        passwordHash: null,
        role: 'candidate',
        firstName: input.firstName,
        lastName: input.lastName,
        confirmedAt: input.emailVerified ? at : null,
        signupCampaignId:
          input.campaignId && (await repo.campaignExists(tx, input.campaignId))
            ? input.campaignId
            : null,
      });
      if (input.emailVerified) return { row, mail: null };
      return prepareConfirmation(tx, row);
    },

    /** A user as every endpoint returns it; 404 when it is gone. */
    async userById(id: number): Promise<User> {
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound();
      return userDto(db, row);
    },

    /** A provider that verified the account's own address confirms it. */
    async confirmEmailFromProvider(tx: DbOrTx, userId: number, email: string): Promise<void> {
      const row = await repo.findUserById(tx, userId);
      if (row && !row.confirmedAt && row.email.toLowerCase() === email.toLowerCase()) {
        await repo.updateUser(tx, userId, { confirmedAt: now() });
      }
    },

    /**
     * A set-password link for a client user invited by a colleague: the password-reset
     * mechanism (1 day, single use, a newer link voids the older ones), opening the set-password
     * page with a welcome. Written in the caller's transaction; the caller sends the mail after.
     */
    async invitationLink(tx: DbOrTx, row: repo.UserRow): Promise<string> {
      return `${await createLink(tx, row, 'password_reset', row.email)}?welcome=1`;
    },

    async refresh(actor: Actor): Promise<SignedIn> {
      const at = now();
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw new AppError('session_expired', 'Your session has ended');
      await repo.touchSession(db, actor.sessionId, at);
      return {
        user: await userDto(db, row),
        token: await issueToken(row, actor.sessionId, actor.sessionExpiresAt, at),
      };
    },

    async logout(actor: Actor): Promise<void> {
      await repo.revokeSession(db, actor.sessionId, now());
      await publishSessionsChanged(db, actor.userId);
    },

    /** A user's own address: any other id answers 404. */
    async ownUser(actor: Actor, id: number = actor.userId): Promise<User> {
      if (id !== actor.userId) throw notFound();
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw notFound();
      return userDto(db, row);
    },

    /** The zone the user reads times in (null: the default); answers the account as it is now. */
    async setTimeZone(actor: Actor, timeZone: string | null): Promise<User> {
      const row = await repo.updateUser(db, actor.userId, { timeZone });
      return userDto(db, row);
    },

    async acceptTerms(actor: Actor): Promise<{ termsAcceptedAt: string }> {
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw notFound();
      const accepted =
        row.termsAcceptedAt ??
        (await repo.updateUser(db, row.id, { termsAcceptedAt: now() })).termsAcceptedAt!;
      return { termsAcceptedAt: accepted.toISOString() };
    },

    async sendEmailConfirmation(actor: Actor): Promise<{ message: string }> {
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw notFound();
      if (row.confirmedAt && !row.unconfirmedEmail) {
        return { message: authMessages.alreadyConfirmed };
      }
      const { mail } = await db.transaction((tx) => prepareConfirmation(tx, row));
      await deliver(mail);
      return {
        message: `A new confirmation link is on its way to ${row.unconfirmedEmail ?? row.email}.`,
      };
    },

    /** A fresh link for the owner of a (possibly expired) confirmation link. */
    async resendConfirmation(role: LinkRole, token: string): Promise<{ message: string }> {
      const { user } = await liveLinkToken('email_confirmation', role, token);
      if (user.confirmedAt && !user.unconfirmedEmail) {
        return { message: authMessages.alreadyConfirmed };
      }
      const { mail } = await db.transaction((tx) => prepareConfirmation(tx, user));
      await deliver(mail);
      return { message: 'A new confirmation link is on its way.' };
    },

    /**
     * Follows a confirmation link. Only the request that confirms the address answers the user;
     * a link followed again, or of an address already confirmed, says no more than that.
     */
    async confirmEmail(role: LinkRole, token: string): Promise<EmailConfirmationResponse> {
      const { token: link, user } = await liveLinkToken('email_confirmation', role, token);
      const at = now();
      const alreadyConfirmed = { confirmed: true as const, message: authMessages.alreadyConfirmed };
      const outcome = confirmationLinkOutcome(user, link, at);
      if (outcome === 'already_confirmed') return alreadyConfirmed;
      if (outcome === 'invalid') throw new AppError('token_invalid', authMessages.linkInvalid);
      if (outcome === 'expired') throw new AppError('token_expired', authMessages.linkExpired);
      try {
        return await db.transaction(async (tx) => {
          if (!(await repo.claimUserToken(tx, link.id, at))) {
            // Another request used the link first: it confirmed, or a newer link replaced it.
            const current = await repo.findUserById(tx, user.id);
            if (current && linkAddressConfirmed(current, link)) return alreadyConfirmed;
            throw new AppError('token_invalid', authMessages.linkInvalid);
          }
          await repo.useUpUserTokens(tx, user.id, 'email_confirmation', at);
          const changed = user.unconfirmedEmail && user.unconfirmedEmail === link.email;
          const updated = await repo.updateUser(tx, user.id, {
            confirmedAt: at,
            ...(changed ? { email: link.email, unconfirmedEmail: null } : {}),
          });
          return userDto(tx, updated);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', authMessages.emailTaken);
        throw error;
      }
    },

    /** Checks the password of a signed-in user before a sensitive change. */
    async requireCurrentPassword(
      actor: Actor,
      password: string | undefined,
    ): Promise<repo.UserRow> {
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw notFound();
      if (!(await verifyPassword(row.passwordHash, password ?? ''))) {
        throw fieldError('currentPassword', accountMessages.currentPasswordWrong);
      }
      return row;
    },

    /**
     * Checks the password before a sensitive change when the account has one. An account made
     * through a social provider has none to give: its signed-in session is the proof.
     */
    async requirePasswordIfSet(actor: Actor, password: string | undefined): Promise<void> {
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw notFound();
      if (row.passwordHash === null) return;
      if (!password) throw fieldError('currentPassword', accountMessages.currentPasswordRequired);
      await this.requireCurrentPassword(actor, password);
    },

    /**
     * A new address waits in unconfirmedEmail until its link is followed; the old one keeps
     * working for log-in until then. After social sign-in the body may carry the campaign. An
     * account with a password proves the change with it; one made through a social provider has
     * none to give, so its session is the proof.
     */
    async updateCandidate(
      actor: Actor,
      input: z.output<typeof updateCandidateBody>['candidate'],
    ): Promise<{ user: User; message?: string }> {
      let row = await repo.findUserById(db, actor.userId);
      if (!row) throw notFound();
      if (
        input.campaignId &&
        !row.signupCampaignId &&
        (await repo.campaignExists(db, input.campaignId))
      ) {
        row = await repo.updateUser(db, row.id, { signupCampaignId: input.campaignId });
      }
      if (!input.email) return { user: await userDto(db, row) };
      if (input.email === row.email) throw fieldError('email', accountMessages.sameEmail);
      await this.requirePasswordIfSet(actor, input.currentPassword);
      const existing = await repo.findUserByEmail(db, input.email);
      if (existing) throw fieldError('email', authMessages.emailTaken);
      const { row: updated, mail } = await db.transaction(async (tx) => {
        const pending = await repo.updateUser(tx, actor.userId, { unconfirmedEmail: input.email });
        return prepareConfirmation(tx, pending);
      });
      await deliver(mail);
      return { user: await userDto(db, updated), message: accountMessages.emailChangeSent };
    },

    /** A new password ends every other session of the user; this one goes on. */
    async changePassword(
      actor: Actor,
      input: z.output<typeof changePasswordBody>,
    ): Promise<{ message: string }> {
      await this.requireCurrentPassword(actor, input.currentPassword);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, actor.userId, { passwordHash });
        await repo.revokeOtherSessions(tx, actor.userId, actor.sessionId, now());
      });
      return { message: accountMessages.passwordChanged };
    },

    /** Same answer whether or not the address has an account. */
    async requestPasswordReset(role: LinkRole, email: string): Promise<{ message: string }> {
      const row = await repo.findUserByEmail(db, email);
      const roleMatches =
        row && (role === 'candidate' ? row.role === 'candidate' : row.role !== 'candidate');
      const deactivated = row?.role === 'client' && (await repo.isDeactivatedClient(db, row.id));
      if (row && roleMatches && !row.isBlocked && !deactivated) {
        const url = await db.transaction((tx) => createLink(tx, row, 'password_reset', row.email));
        await deliver(passwordResetMail(row.email, url));
      }
      return { message: authMessages.resetRequested };
    },

    async resetPassword(
      role: LinkRole,
      input: { token: string; password: string },
    ): Promise<{ message: string }> {
      const { token: link, user } = await liveLinkToken('password_reset', role, input.token);
      const at = now();
      if (link.usedAt) throw new AppError('token_invalid', authMessages.linkInvalid);
      if (link.expiresAt <= at) throw new AppError('token_expired', authMessages.linkExpired);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await repo.useUpUserTokens(tx, user.id, 'password_reset', at);
        // The link reached this inbox, so it also proves the address.
        const confirms = !user.confirmedAt && link.email === user.email ? { confirmedAt: at } : {};
        await repo.updateUser(tx, user.id, { passwordHash, ...confirms });
        await repo.revokeUserSessions(tx, user.id, at);
      });
      return { message: 'Your password has been changed. Please log in with the new one.' };
    },
  };
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

// What other features read or change of users and sessions.

export type { UserRow } from './auth.repository.ts';

/** The user with this e-mail address, if any. */
export function userByEmail(db: DbOrTx, email: string) {
  return repo.findUserByEmail(db, email);
}

/** The user with this id, if any. */
export function userById(db: DbOrTx, id: number) {
  return repo.findUserById(db, id);
}

/** Sets the user's names; a name left undefined keeps its value. */
export function setUserNames(
  db: DbOrTx,
  id: number,
  names: { firstName?: string | null; lastName?: string | null },
): Promise<void> {
  return repo.setUserNames(db, id, names);
}

/**
 * Shuts a deactivated user out: every session of theirs is revoked (their open tabs hear of it)
 * and a password reset link they hold stops working.
 */
export async function shutOut(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await repo.revokeUserSessions(db, userId, at);
  await repo.useUpUserTokens(db, userId, 'password_reset', at);
}

/** Whether a campaign with this id exists (a sign-up names the campaign that brought it). */
export function campaignExists(db: DbOrTx, id: number): Promise<boolean> {
  return repo.campaignExists(db, id);
}
