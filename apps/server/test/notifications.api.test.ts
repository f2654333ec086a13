import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ADMIN_MODULE_BY_NAME,
  AUDIT_ENDPOINTS,
  type AuditEntry,
  accountResource,
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationPage,
  type NotificationRecord,
  type NotificationSendResult,
  notificationSettingResource,
  type PaginateResult,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  type SentNotificationPage,
  USER_ENDPOINTS,
  USER_TYPES,
  type UserCreatePayload,
  type UserRecord,
} from '@facet/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/notifications/notification-table.ts';
import { notify } from '../src/notifications/notify.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createUserViaApi, firstSignIn, unique, userWithRole } from './user-admin.ts';

const NOTIFICATION_SETTINGS_ID = ADMIN_MODULE_BY_NAME.get('Notification Settings')?.id as number;
const BANNER_ID = ADMIN_MODULE_BY_NAME.get('Banner')?.id as number;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Recipient {
  user: UserRecord;
  token: string;
  email: string;
}

/** In-app notifications over real HTTP on both databases: sending, reading, marking, e-mail. */
describe.skipIf(!(await databaseAvailable()))('notifications', () => {
  let server: TestServer;
  let admin: string;
  let companyId: string;
  let otherCompanyId: string;
  /** Two customers of one company, one of another. */
  let buyer: Recipient;
  let buyerColleague: Recipient;
  let otherBuyer: Recipient;
  /** Permanent guests: the user type sends go to them. */
  let guestA: Recipient;
  let guestB: Recipient;
  /** An employee allowed to send, one allowed to view only, one without the module. */
  let sender: string;
  let viewer: string;
  let outsider: Recipient;

  const client = () => server.client();
  const post = <T = unknown>(path: string, body: unknown, token: string) =>
    client().post<T>(path, body, token);
  const send = (body: unknown, token = admin) =>
    post<NotificationSendResult>(pathOf(NOTIFICATION_ENDPOINTS.send), body, token);
  const page = (token: string, body: unknown = {}) =>
    post<NotificationPage>(pathOf(NOTIFICATION_ENDPOINTS.paginate), body, token);
  const stored = async () => {
    const [row] = await server.database.db.select({ value: count() }).from(notifications);
    return row?.value ?? 0;
  };

  async function company(): Promise<string> {
    const code = unique('N');
    const created = await post<ResourceRecord>(
      resourcePaths(accountResource).create,
      { name: `Company ${code}`, code },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id;
  }

  async function recipient(type: number, accountId: string | null = null): Promise<Recipient> {
    const user = await createUserViaApi(client(), admin, {
      type: type as UserCreatePayload['type'],
      accountId,
    });
    const login = await firstSignIn(server, user.username);
    return { user, token: login.token.jwt, email: user.emails[0]?.value ?? '' };
  }

  async function setting(action: string, channels: { email: boolean; inApp: boolean }) {
    const created = await post<ResourceRecord>(
      resourcePaths(notificationSettingResource).create,
      { action, title: `Setting ${action}`, ...channels },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }

  beforeAll(async () => {
    server = await startServer();
    admin = await adminToken(server, client());
    companyId = await company();
    otherCompanyId = await company();
    // Every sign-in reads its code from the mailbox: all of them happen before any notification mail.
    buyer = await recipient(USER_TYPES.CUSTOMER, companyId);
    buyerColleague = await recipient(USER_TYPES.CUSTOMER, companyId);
    otherBuyer = await recipient(USER_TYPES.CUSTOMER, otherCompanyId);
    guestA = await recipient(USER_TYPES.PERMANENT_GUEST);
    guestB = await recipient(USER_TYPES.PERMANENT_GUEST);
    outsider = await recipient(USER_TYPES.EMPLOYEE);
    sender = (
      await userWithRole(server, admin, USER_TYPES.EMPLOYEE, 'admin', [
        { id: NOTIFICATION_SETTINGS_ID, permissions: { view: true, insert: true } },
      ])
    ).token;
    viewer = (
      await userWithRole(server, admin, USER_TYPES.EMPLOYEE, 'admin', [
        { id: NOTIFICATION_SETTINGS_ID, permissions: { view: true } },
        { id: BANNER_ID, permissions: { view: true, insert: true } },
      ])
    ).token;
    await setting('order', { email: true, inApp: true });
    await setting('cart', { email: false, inApp: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends to a user type: every user of that type sees it, unread', async () => {
    const title = unique('Price list ');
    const sent = await send({
      title,
      message: 'The new price list is online.',
      module: 'pricing',
      action: 'price-change',
      recipients: { userTypes: [USER_TYPES.PERMANENT_GUEST] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(NOTIFICATION_MESSAGES.sent(2));
    expect(sent.body.data).toMatchObject({ recipients: 2, emailed: 0 });

    for (const guest of [guestA, guestB]) {
      const mine = await page(guest.token);
      expect(mine.status).toBe(200);
      expect(mine.body.data.unread).toBe(1);
      expect(mine.body.data.count).toBe(1);
      expect(mine.body.data.list[0]).toMatchObject({
        userId: guest.user.id,
        title,
        message: 'The new price list is online.',
        module: 'pricing',
        action: 'price-change',
        isRead: false,
        isVisited: false,
        readAt: null,
        createdByName: 'Super Admin',
      });
    }
    // Nobody else got it.
    expect((await page(buyer.token)).body.data.list.map((n) => n.title)).not.toContain(title);
    expect((await page(outsider.token)).body.data.list.map((n) => n.title)).not.toContain(title);
  });

  it('sends to a company: all of its users, and only them', async () => {
    const title = unique('Company news ');
    const sent = await send({
      title,
      message: 'Your credit limit was raised.',
      recipients: { accountIds: [companyId] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.recipients).toBe(2);
    for (const member of [buyer, buyerColleague]) {
      expect((await page(member.token)).body.data.list.map((n) => n.title)).toContain(title);
    }
    expect((await page(otherBuyer.token)).body.data.list.map((n) => n.title)).not.toContain(title);
  });

  it('sends to named users, and reaches each once however they are named', async () => {
    const title = unique('Hello ');
    const sent = await send({
      title,
      message: 'Welcome.',
      recipients: {
        userIds: [otherBuyer.user.id, outsider.user.id, otherBuyer.user.id],
        accountIds: [otherCompanyId],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.recipients).toBe(2);
    const list = (await page(otherBuyer.token)).body.data.list.filter((n) => n.title === title);
    expect(list).toHaveLength(1);
    expect((await page(outsider.token)).body.data.list.map((n) => n.title)).toContain(title);
  });

  it('records each send in the audit trail under its batch id', async () => {
    const sent = await send({
      title: unique('Audited '),
      message: 'x',
      recipients: { userIds: [guestA.user.id] },
    });
    const trail = await post<PaginateResult<AuditEntry>>(
      AUDIT_ENDPOINTS.paginate.path,
      { filter: { entityType: 'notification', entityId: sent.body.data.batchId } },
      admin,
    );
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    expect(trail.body.data.list).toHaveLength(1);
    expect(trail.body.data.list[0]).toMatchObject({
      action: 'notification.send',
      actorName: 'Super Admin',
      after: { notified: 1, recipients: { userIds: [guestA.user.id], userTypes: [], accountIds: [] } },
    });
  });

  it('lists newest first, filters by read state and pages', async () => {
    const first = unique('First ');
    const second = unique('Second ');
    await send({ title: first, message: '1', recipients: { userIds: [buyerColleague.user.id] } });
    await send({ title: second, message: '2', recipients: { userIds: [buyerColleague.user.id] } });
    const newest = await page(buyerColleague.token, { limit: 1 });
    expect(newest.body.data.list.map((n) => n.title)).toEqual([second]);
    const oldestFirst = await page(buyerColleague.token, { sort: { createdAt: 'asc' }, limit: 100 });
    const titles = oldestFirst.body.data.list.map((n) => n.title);
    expect(titles.indexOf(first)).toBeLessThan(titles.indexOf(second));
    const unread = await page(buyerColleague.token, { filter: { isRead: false } });
    expect(unread.body.data.count).toBe(unread.body.data.unread);
    expect((await page(buyerColleague.token, { filter: { isRead: 'no' } })).status).toBe(400);
    expect((await page(buyerColleague.token, { limit: NOTIFICATION_LIMITS.page + 1 })).status).toBe(400);
  });

  it('marks one read and visited, and all read; only the caller’s own', async () => {
    await send({ title: unique('One '), message: 'a', recipients: { userIds: [buyer.user.id] } });
    await send({ title: unique('Two '), message: 'b', recipients: { userIds: [buyer.user.id] } });
    const before = (await page(buyer.token)).body.data;
    expect(before.unread).toBeGreaterThanOrEqual(3);
    const target = before.list[0] as NotificationRecord;

    const marked = await client().call(
      NOTIFICATION_ENDPOINTS.update,
      { isRead: true, isVisited: true },
      { token: buyer.token, params: { id: target.id } },
    );
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data).toMatchObject({ id: target.id, isRead: true, isVisited: true });
    expect(marked.body.data.readAt).toBeTruthy();
    expect((await page(buyer.token)).body.data.unread).toBe(before.unread - 1);

    const unmarked = await client().call(
      NOTIFICATION_ENDPOINTS.update,
      { isRead: false },
      { token: buyer.token, params: { id: target.id } },
    );
    expect(unmarked.body.data).toMatchObject({ isRead: false, isVisited: true, readAt: null });
    expect((await page(buyer.token)).body.data.unread).toBe(before.unread);

    // Another user's notification is not found, and stays as it was.
    const foreign = await client().call(
      NOTIFICATION_ENDPOINTS.update,
      { isRead: true },
      { token: buyerColleague.token, params: { id: target.id } },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'E_NOT_FOUND', message: NOTIFICATION_MESSAGES.notFound });
    expect((await page(buyer.token)).body.data.unread).toBe(before.unread);
    expect(
      (
        await client().call(
          NOTIFICATION_ENDPOINTS.update,
          { isRead: true },
          { token: buyer.token, params: { id: UNKNOWN_ID } },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await client().call(
          NOTIFICATION_ENDPOINTS.update,
          { isRead: true },
          { token: buyer.token, params: { id: 'not-an-id' } },
        )
      ).status,
    ).toBe(404);
    const empty = await client().call(
      NOTIFICATION_ENDPOINTS.update,
      {},
      { token: buyer.token, params: { id: target.id } },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('E_BAD_REQUEST');

    const colleagueUnread = (await page(buyerColleague.token)).body.data.unread;
    const all = await client().call(NOTIFICATION_ENDPOINTS.readAll, undefined, { token: buyer.token });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data).toEqual({ updated: before.unread, unread: 0 });
    expect((await page(buyer.token)).body.data.unread).toBe(0);
    expect((await page(buyerColleague.token)).body.data.unread).toBe(colleagueUnread);
  });

  it('lets only holders of Notification Settings (insert) send', async () => {
    const body = { title: unique('Gated '), message: 'x', recipients: { userIds: [guestB.user.id] } };
    const none = await send(body, outsider.token);
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('E_FORBIDDEN');
    expect((await send(body, viewer)).status).toBe(403);
    expect(
      (await client().call(NOTIFICATION_ENDPOINTS.recipients, { kind: 'users' }, { token: viewer })).status,
    ).toBe(403);
    const allowed = await send(body, sender);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    // Reading one's own needs no module.
    expect((await page(outsider.token)).status).toBe(200);
    expect((await client().call(NOTIFICATION_ENDPOINTS.paginate, {})).status).toBe(401);
  });

  it('offers users and companies to choose from', async () => {
    const users = await client().call(
      NOTIFICATION_ENDPOINTS.recipients,
      { kind: 'users', search: buyer.user.username },
      { token: sender },
    );
    expect(users.status, JSON.stringify(users.body)).toBe(200);
    expect(users.body.data).toEqual([
      expect.objectContaining({
        value: buyer.user.id,
        label: buyer.user.name,
        userType: USER_TYPES.CUSTOMER,
      }),
    ]);
    const companies = await client().call(
      NOTIFICATION_ENDPOINTS.recipients,
      { kind: 'companies', limit: 50 },
      { token: sender },
    );
    expect(companies.body.data.map((option) => option.value)).toEqual(
      expect.arrayContaining([companyId, otherCompanyId]),
    );
  });

  it('refuses bad bodies with E_BAD_REQUEST and inserts nothing', async () => {
    const valid = { title: 'T', message: 'M', recipients: { userIds: [guestA.user.id] } };
    const deleted = await createUserViaApi(client(), admin, { type: USER_TYPES.EMPLOYEE });
    expect(
      (await client().call(USER_ENDPOINTS.remove, undefined, { token: admin, params: { id: deleted.id } }))
        .status,
    ).toBe(200);
    const cases: [unknown, string, string][] = [
      [{ ...valid, title: '  ' }, 'title', NOTIFICATION_MESSAGES.titleRequired],
      [
        { ...valid, title: 'x'.repeat(NOTIFICATION_LIMITS.title + 1) },
        'title',
        NOTIFICATION_MESSAGES.titleTooLong,
      ],
      [{ ...valid, message: undefined }, 'message', NOTIFICATION_MESSAGES.messageRequired],
      [{ ...valid, recipients: undefined }, 'recipients', NOTIFICATION_MESSAGES.recipientsRequired],
      [{ ...valid, recipients: {} }, 'recipients', NOTIFICATION_MESSAGES.recipientsRequired],
      [
        { ...valid, recipients: { userIds: [], userTypes: [] } },
        'recipients',
        NOTIFICATION_MESSAGES.recipientsRequired,
      ],
      [
        { ...valid, recipients: { userIds: ['nobody'] } },
        'recipients.userIds.0',
        NOTIFICATION_MESSAGES.userIdInvalid,
      ],
      [
        { ...valid, recipients: { userTypes: [9] } },
        'recipients.userTypes.0',
        NOTIFICATION_MESSAGES.userTypeInvalid,
      ],
      [
        {
          ...valid,
          recipients: { userIds: Array.from({ length: NOTIFICATION_LIMITS.userIds + 1 }, () => UNKNOWN_ID) },
        },
        'recipients.userIds',
        NOTIFICATION_MESSAGES.tooManyUserIds,
      ],
      [
        { ...valid, recipients: { userIds: [UNKNOWN_ID] } },
        'recipients.userIds',
        NOTIFICATION_MESSAGES.unknownUsers,
      ],
      [
        { ...valid, recipients: { userIds: [deleted.id] } },
        'recipients.userIds',
        NOTIFICATION_MESSAGES.unknownUsers,
      ],
      [
        { ...valid, recipients: { accountIds: [UNKNOWN_ID] } },
        'recipients.accountIds',
        NOTIFICATION_MESSAGES.unknownAccounts,
      ],
      [{ ...valid, action: 'teleport' }, 'action', NOTIFICATION_MESSAGES.actionInvalid],
      [{ ...valid, module: 'nowhere' }, 'module', NOTIFICATION_MESSAGES.moduleInvalid],
      [
        { ...valid, recipients: { userTypes: [USER_TYPES.GUEST] } },
        'recipients',
        NOTIFICATION_MESSAGES.noRecipients,
      ],
      [{ ...valid, extra: 1, recipients: { userIds: [guestA.user.id], everyone: true } }, 'recipients', ''],
    ];
    const before = await stored();
    for (const [body, field, message] of cases) {
      const refused = await send(body);
      expect(refused.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(refused.body.code).toBe('E_BAD_REQUEST');
      const error = refused.body.errors?.find((entry) => entry.field === field);
      expect(error, `${field} in ${JSON.stringify(refused.body.errors)}`).toBeDefined();
      if (message) expect(error?.message).toBe(message);
    }
    expect(await stored()).toBe(before);
  });

  it('skips deactivated users', async () => {
    const inactive = await createUserViaApi(client(), admin, {
      type: USER_TYPES.CUSTOMER,
      accountId: otherCompanyId,
    });
    const off = await client().call(
      USER_ENDPOINTS.setActive,
      { id: inactive.id, isActive: false },
      { token: admin },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const sent = await send({
      title: unique('Active only '),
      message: 'x',
      recipients: { accountIds: [otherCompanyId] },
    });
    expect(sent.body.data.recipients).toBe(1);
  });

  it('e-mails the recipients when the action’s e-mail channel is on, after the notifications are saved', async () => {
    server.mailbox.unread();
    const title = unique('Order shipped ');
    const sent = await send({
      title,
      message: 'Your order left the vault.',
      action: 'order',
      recipients: { userIds: [guestA.user.id] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ recipients: 1, emailed: 1 });
    const mail = await server.mailbox.next();
    expect(mail.file.startsWith(`${server.dataDir}/mail/`)).toBe(true);
    expect(mail.to).toBe(guestA.email);
    expect(mail.subject).toBe(title);
    expect(mail.text).toContain('Your order left the vault.');
    expect(mail.text).toContain(`Hello ${guestA.user.name}`);

    // The cart setting has its e-mail channel off: nothing is mailed, the panel still shows it.
    const quiet = await send({
      title: unique('Cart '),
      message: 'x',
      action: 'cart',
      recipients: { userIds: [guestA.user.id] },
    });
    expect(quiet.body.data).toMatchObject({ recipients: 1, emailed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mailbox.unread()).toEqual([]);
  });

  it('keeps the notifications when the e-mails cannot be sent', async () => {
    // A file where the mail folder should be: every e-mail fails to write.
    const folder = path.join(server.dataDir, 'mail');
    const parked = `${folder}-parked`;
    await rename(folder, parked);
    await writeFile(folder, 'not a folder');
    try {
      const title = unique('Undeliverable ');
      const sent = await send({
        title,
        message: 'x',
        action: 'order',
        recipients: { userIds: [guestB.user.id] },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ recipients: 1, emailed: 1 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await page(guestB.token)).body.data.list.map((n) => n.title)).toContain(title);
    } finally {
      await rm(folder, { force: true });
      await rename(parked, folder);
    }
  });

  it('lists the sends made from the panel, with how many read them, to holders of Notification Settings', async () => {
    const sentPage = (token: string, body: unknown = {}) =>
      post<SentNotificationPage>(pathOf(NOTIFICATION_ENDPOINTS.sent), body, token);
    const title = unique('History ');
    const sent = await send(
      {
        title,
        message: 'Viewing days next week.',
        recipients: { userIds: [guestA.user.id, guestB.user.id] },
      },
      sender,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mailedTitle = unique('Mailed ');
    expect(
      (
        await send({
          title: mailedTitle,
          message: 'Order news.',
          action: 'order',
          recipients: { userIds: [guestA.user.id] },
        })
      ).status,
    ).toBe(200);

    // A system notification (notify) is no send of the panel's.
    await server.database.db.transaction((tx) =>
      notify(tx, { action: 'order', userIds: [guestA.user.id], title: unique('System '), message: 'z' }),
    );

    const listed = await sentPage(viewer, { limit: 100 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.message).toBe(NOTIFICATION_MESSAGES.sentList);
    const titles = listed.body.data.list.map((entry) => entry.title);
    // Newest first.
    expect(titles.indexOf(mailedTitle)).toBeLessThan(titles.indexOf(title));
    expect(titles.some((entry) => entry.startsWith('System '))).toBe(false);
    const entry = listed.body.data.list.find((candidate) => candidate.title === title);
    expect(entry).toMatchObject({
      batchId: sent.body.data.batchId,
      message: 'Viewing days next week.',
      recipients: 2,
      read: 0,
      emailed: false,
      sentByName: expect.any(String),
    });
    expect(listed.body.data.list.find((candidate) => candidate.title === mailedTitle)?.emailed).toBe(true);

    // One recipient reads it: the history counts it.
    const mine = (await page(guestA.token, { limit: 100 })).body.data.list.find((n) => n.title === title);
    await client().call(
      NOTIFICATION_ENDPOINTS.update,
      { isRead: true },
      { token: guestA.token, params: { id: mine?.id ?? '' } },
    );
    const again = await sentPage(viewer, { search: title });
    expect(again.body.data.count).toBe(1);
    expect(again.body.data.list[0]).toMatchObject({ title, read: 1 });

    // Others may not read it, and a bad body is refused.
    expect((await sentPage(outsider.token)).body.code).toBe('E_FORBIDDEN');
    const refused = await sentPage(viewer, { limit: 100_000, filter: { title } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('E_BAD_REQUEST');
  });

  it('notify() follows the in-app channel of the action’s setting', async () => {
    const db = server.database.db;
    const mutedTitle = unique('Muted ');
    const muted = await db.transaction((tx) =>
      notify(tx, { action: 'cart', userIds: [guestB.user.id], title: mutedTitle, message: 'x' }),
    );
    expect(muted).toMatchObject({ notified: 0, mails: [] });
    const shownTitle = unique('Shown ');
    const shown = await db.transaction((tx) =>
      notify(tx, {
        action: 'order',
        userIds: [guestB.user.id, outsider.user.id],
        title: shownTitle,
        message: 'y',
      }),
    );
    expect(shown.notified).toBe(2);
    expect(shown.mails.map((mail) => mail.to).sort()).toEqual([guestB.email, outsider.email].sort());
    const titles = (await page(guestB.token, { limit: 100 })).body.data.list.map((n) => n.title);
    expect(titles).toContain(shownTitle);
    expect(titles).not.toContain(mutedTitle);
    const rows = await db.select().from(notifications).where(eq(notifications.batchId, shown.batchId));
    expect(rows.every((row) => row.action === 'order' && row.createdBy === null)).toBe(true);
  });
});
