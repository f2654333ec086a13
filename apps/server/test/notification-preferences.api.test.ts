import {
  NOTIFICATION_ACTIONS,
  NOTIFICATION_CHANNEL_ENDPOINTS,
  NOTIFICATION_CHANNEL_MESSAGES,
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_MESSAGES,
  type NotificationPage,
  notificationSettingResource,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  USER_TYPES,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences } from '../src/notifications/notification-channel-tables.ts';
import { notifications } from '../src/notifications/notification-table.ts';
import { notify } from '../src/notifications/notify.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { unique, userWithRole } from './user-admin.ts';

interface Member {
  id: string;
  token: string;
  email: string;
}

/** Message templates and each user's own channels, over real HTTP on both databases. */
describe.skipIf(!(await databaseAvailable()))('notification templates and channel choices', () => {
  let server: TestServer;
  let admin: string;
  let buyer: Member;
  let colleague: Member;

  const client = () => server.client();
  const member = async (): Promise<Member> => {
    const { user, token } = await userWithRole(server, admin, USER_TYPES.PERMANENT_GUEST, 'customer', []);
    return { id: user.id, token, email: user.emails[0]?.value ?? '' };
  };
  async function setting(fields: Record<string, unknown>) {
    const created = await client().post<ResourceRecord>(
      resourcePaths(notificationSettingResource).create,
      { email: false, push: false, inApp: true, ...fields },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
  const titlesOf = async (token: string) => {
    const page = await client().post<NotificationPage>(
      pathOf(NOTIFICATION_ENDPOINTS.paginate),
      { limit: 100 },
      token,
    );
    return page.body.data.list;
  };

  beforeAll(async () => {
    server = await startServer();
    admin = await adminToken(server, client());
    buyer = await member();
    colleague = await member();
    await setting({
      action: 'offer',
      title: 'Offer on {stone}',
      template: 'Dear {name}, {company} offers {stone} until {date}. {price} {name}',
    });
    await setting({ action: 'order', title: 'Order placed', email: true, push: false });
    await setting({ action: 'hold', title: 'Hold', template: '   ' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fills the setting’s template and title, a date as the panel writes it, leaving unknown placeholders as written', async () => {
    const delivery = await server.database.db.transaction((tx) =>
      notify(tx, {
        action: 'offer',
        userIds: [buyer.id],
        title: 'Caller title',
        message: 'Caller message',
        values: { name: 'Asha', stone: 'RD-1042', company: 'Acme Gems', date: '2026-12-01' },
      }),
    );
    expect(delivery.notified).toBe(1);
    expect(delivery.notifiedUserIds).toEqual([buyer.id]);
    const [shown] = (await titlesOf(buyer.token)).filter((entry) => entry.action === 'offer');
    expect(shown).toMatchObject({
      title: 'Offer on RD-1042',
      message: 'Dear Asha, Acme Gems offers RD-1042 until 1 Dec 2026. {price} Asha',
    });

    // A blank template is none: the caller's text is used.
    const plainTitle = unique('Plain ');
    await server.database.db.transaction((tx) =>
      notify(tx, { action: 'hold', userIds: [buyer.id], title: plainTitle, message: 'As written {name}' }),
    );
    const plain = (await titlesOf(buyer.token)).find((entry) => entry.title === plainTitle);
    expect(plain?.message).toBe('As written {name}');
  });

  it('answers every action with the setting’s channels as defaults', async () => {
    const mine = await client().call(NOTIFICATION_CHANNEL_ENDPOINTS.preferences, undefined, {
      token: buyer.token,
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.message).toBe(NOTIFICATION_CHANNEL_MESSAGES.preferences);
    const list = mine.body.data.list;
    expect(list.map((entry) => entry.action)).toEqual(NOTIFICATION_ACTIONS.map((action) => action.value));
    const order = list.find((entry) => entry.action === 'order');
    expect(order).toMatchObject({
      label: 'Order placed',
      available: { inApp: true, email: true, push: false },
      inApp: true,
      email: true,
      push: false,
    });
    // No setting: shown in the panel only.
    expect(list.find((entry) => entry.action === 'memo')).toMatchObject({
      available: { inApp: true, email: false, push: false },
      inApp: true,
      email: false,
      push: false,
    });
  });

  it('refuses an unknown action, a repeated one and a missing list with field messages', async () => {
    const put = (body: unknown) =>
      client().request('PUT', pathOf(NOTIFICATION_CHANNEL_ENDPOINTS.savePreferences), {
        body,
        token: buyer.token,
      });
    const unknown = await put({
      preferences: [
        { action: 'order', inApp: true, email: false, push: false },
        { action: 'teleport', inApp: true, email: true, push: true },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: 'preferences.1.action', message: NOTIFICATION_MESSAGES.actionInvalid },
    ]);
    const twice = await put({
      preferences: [
        { action: 'order', inApp: true, email: false, push: false },
        { action: 'order', inApp: true, email: true, push: true },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0]?.message).toBe(NOTIFICATION_CHANNEL_MESSAGES.actionTwice);
    const missing = await put({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('preferences');
    const [stored] = await server.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, buyer.id));
    expect(stored).toBeUndefined();
  });

  it('lets a user turn a channel off, never on past the setting', async () => {
    const saved = await client().call(
      NOTIFICATION_CHANNEL_ENDPOINTS.savePreferences,
      { preferences: [{ action: 'order', inApp: true, email: false, push: true }] },
      { token: buyer.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(NOTIFICATION_CHANNEL_MESSAGES.preferencesSaved);
    // Push stays off: the order setting does not push.
    expect(saved.body.data.list.find((entry) => entry.action === 'order')).toMatchObject({
      inApp: true,
      email: false,
      push: false,
    });

    const title = unique('Order ');
    const delivery = await server.database.db.transaction((tx) =>
      notify(tx, { action: 'order', userIds: [buyer.id, colleague.id], title, message: 'Placed.' }),
    );
    expect(delivery.notified).toBe(2);
    // The buyer turned e-mail off; the colleague did not.
    expect(delivery.mails.map((mail) => mail.to)).toEqual([colleague.email]);
    expect(delivery.push.targets).toEqual([]);

    // The buyer's choices apply to them only; turning the panel off too leaves the colleague's bell as is.
    await client().call(
      NOTIFICATION_CHANNEL_ENDPOINTS.savePreferences,
      { preferences: [{ action: 'order', inApp: false, email: false, push: false }] },
      { token: buyer.token },
    );
    const quiet = await server.database.db.transaction((tx) =>
      notify(tx, {
        action: 'order',
        userIds: [buyer.id, colleague.id],
        title: unique('Quiet '),
        message: 'x',
      }),
    );
    expect(quiet.notifiedUserIds).toEqual([colleague.id]);
    const rows = await server.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.batchId, quiet.batchId));
    expect(rows).toEqual([{ userId: colleague.id }]);

    // The panel's own sends still show in the panel, and follow the user's e-mail choice.
    const sent = await client().call(
      NOTIFICATION_ENDPOINTS.send,
      {
        title: unique('Sent '),
        message: 'y',
        action: 'order',
        recipients: { userIds: [buyer.id, colleague.id] },
      },
      { token: admin },
    );
    expect(sent.body.data).toMatchObject({ recipients: 2, emailed: 1 });

    // An empty list puts everything back to the settings.
    const reset = await client().call(
      NOTIFICATION_CHANNEL_ENDPOINTS.savePreferences,
      { preferences: [] },
      { token: buyer.token },
    );
    expect(reset.body.data.list.find((entry) => entry.action === 'order')).toMatchObject({
      inApp: true,
      email: true,
    });
  });

  it('refuses the choices without a token', async () => {
    const response = await client().call(NOTIFICATION_CHANNEL_ENDPOINTS.preferences);
    expect(response.status).toBe(401);
  });
});
