import {
  ACCOUNT_ENDPOINTS,
  ADMIN_MODULES,
  AUTH_ENDPOINTS,
  AUTH_MESSAGES,
  accountResource,
  type BodyIn,
  CUSTOMER_ACTIVITY_ENDPOINTS,
  CUSTOMER_PACE,
  DIAMOND_COMMENT_ENDPOINTS,
  type EndpointSpec,
  formatDate,
  NOTIFICATION_CHANNEL_ENDPOINTS,
  NOTIFICATION_ENDPOINTS,
  type NotificationAction,
  type NotificationRecord,
  notificationSettingResource,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  resourcePaths,
  STOCK_SUMMARY_MESSAGES,
  USER_ENDPOINTS,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, extractResetId, type Mail, startServer, type TestServer } from './harness.ts';
import { adminToken, signIn } from './sign-in.ts';
import { createStones } from './test-stones.ts';
import { OWN_PASSWORD, userWithRole } from './user-admin.ts';

interface Member {
  user: UserRecord;
  token: string;
}

/** Today as notices write it. */
const today = () => formatDate(new Date().toISOString().slice(0, 10));

/**
 * The notices five events of other areas raise through notify(): a KYC document reviewed, a company
 * approved, a sign-up, a password reset and a customer's comment on a stone. Real HTTP on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('event notifications', () => {
  let server: TestServer;
  let staff: string;
  let superAdminId: string;
  let admin: Member;
  let sales: Member;
  let acme: ResourceRecord;
  let beta: ResourceRecord;
  let pending: ResourceRecord;
  let ann: Member;
  let ali: Member;
  let bob: Member;
  let pia: Member;
  let pete: Member;
  let stoneId: string;

  const views = (...modules: string[]) =>
    modules.map((module) => ({
      id: ADMIN_MODULES.find((entry) => entry.module === module)?.id as number,
      permissions: { view: true },
    }));
  const call = <E extends EndpointSpec>(endpoint: E, body: BodyIn<E>, token = staff, params = {}) =>
    server.client().call(endpoint, body, { token, params });
  const bell = async (token: string, action: NotificationAction): Promise<NotificationRecord[]> => {
    const page = await call(NOTIFICATION_ENDPOINTS.paginate, { filter: { action } }, token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.list;
  };
  const setting = async (action: NotificationAction, title: string, template: string, email = false) => {
    const created = await server
      .client()
      .post(
        resourcePaths(notificationSettingResource).create,
        { action, title, template, email, inApp: true, push: false, isActive: true },
        staff,
      );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  };
  /** Waits for the mail to `to` (other mails, sign-in codes, are skipped). */
  const mailTo = async (to: string): Promise<Mail> => {
    for (;;) {
      const mail = await server.mailbox.next(8000);
      if (mail.to.toLowerCase().includes(to.toLowerCase())) return mail;
    }
  };

  beforeAll(async () => {
    server = await startServer(
      { PUBLIC_URL: 'https://panel.example.test' },
      { seed: { referenceData: true } },
    );
    staff = await adminToken(server, server.client());
    superAdminId = (await call(AUTH_ENDPOINTS.getLoginUser, undefined)).body.data.user.id;
    // Staff hear of what they may open: the admin activates users and reads comments, the sales person
    // reads comments.
    admin = await userWithRole(server, staff, USER_TYPES.ADMIN, 'admin', views('User', 'Comment'));
    sales = await userWithRole(server, staff, USER_TYPES.EMPLOYEE, 'admin', views('Comment'));
    acme = await companyViaApi(server, staff, 'Acme Diamonds');
    const assigned = await server
      .client()
      .request('PUT', resourcePaths(accountResource).byId(acme.id as string), {
        body: { salesPersonId: sales.user.id },
        token: staff,
      });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    beta = await companyViaApi(server, staff, 'Beta Gems');
    pending = await companyViaApi(server, staff, 'Pending Stones', { approved: false });
    ann = await customerViaApi(server, staff, acme.id as string, ['cart', 'comment']);
    ali = await customerViaApi(server, staff, acme.id as string, ['cart']);
    bob = await customerViaApi(server, staff, beta.id as string, ['cart', 'comment']);
    pia = await customerViaApi(server, staff, pending.id as string, ['cart']);
    pete = await customerViaApi(server, staff, pending.id as string, ['cart']);
    const [stone] = await createStones(server.client(), staff, [
      { stockNumber: 'EN-1', carat: 1.2, shape: 'Round', color: 'E', clarity: 'VS1', rapPrice: 9000 },
    ]);
    stoneId = stone?.id as string;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('kyc-status: tells the users of the company of a reviewed document, once per verdict', async () => {
    const create = (documentType: string) =>
      call(
        ACCOUNT_ENDPOINTS.createDocument,
        { documentType, fileUrl: 'https://files.example.test/doc.pdf' },
        staff,
        { id: acme.id as string },
      );
    const passport = (await create('Passport')).body.data;
    const licence = (await create('Trade licence')).body.data;

    const approved = await call(ACCOUNT_ENDPOINTS.reviewDocument, { status: 2 }, staff, { id: passport.id });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    for (const member of [ann, ali]) {
      expect(await bell(member.token, 'kyc-status')).toMatchObject([
        {
          title: 'Passport approved',
          message: 'The Passport document of Acme Diamonds was approved.',
          module: 'companyProfile',
          createdBy: superAdminId,
        },
      ]);
    }
    const rejected = await call(
      ACCOUNT_ENDPOINTS.reviewDocument,
      { status: 3, reason: 'Expired licence' },
      staff,
      { id: licence.id },
    );
    expect(rejected.status).toBe(200);
    expect((await bell(ann.token, 'kyc-status'))[0]).toMatchObject({
      title: 'Trade licence rejected',
      message: 'The Trade licence document of Acme Diamonds was rejected. Reason: Expired licence',
    });
    // Another company's users and the staff hear nothing of it.
    expect(await bell(bob.token, 'kyc-status')).toEqual([]);
    expect(await bell(staff, 'kyc-status')).toEqual([]);

    // The same verdict again, and a review of a document that does not exist, tell nobody.
    expect(
      (await call(ACCOUNT_ENDPOINTS.reviewDocument, { status: 2 }, staff, { id: passport.id })).status,
    ).toBe(200);
    const unknown = await call(ACCOUNT_ENDPOINTS.reviewDocument, { status: 2 }, staff, {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(await bell(ann.token, 'kyc-status')).toHaveLength(2);

    await setting('kyc-status', 'KYC of {company}', '{name} of {company} was reviewed on {date}.');
    await call(ACCOUNT_ENDPOINTS.reviewDocument, { status: 2 }, staff, { id: licence.id });
    expect((await bell(ali.token, 'kyc-status'))[0]).toMatchObject({
      title: 'KYC of Acme Diamonds',
      message: `Trade licence of Acme Diamonds was reviewed on ${today()}.`,
    });
  });

  it('account-approved: tells the users of a company that becomes approved, and honours a channel turned off', async () => {
    const off = await call(
      NOTIFICATION_CHANNEL_ENDPOINTS.savePreferences,
      { preferences: [{ action: 'account-approved', inApp: false, email: false, push: false }] },
      pia.token,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const toggle = (status: boolean) =>
      server
        .client()
        .post(
          RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
          { id: pending.id, model: 'account', fieldName: 'isApproved', status },
          staff,
        );
    expect((await toggle(true)).status).toBe(200);
    expect(await bell(pete.token, 'account-approved')).toMatchObject([
      {
        title: 'Pending Stones approved',
        message: 'Pending Stones has been approved. You can now hold, offer and order stones.',
        module: 'companyProfile',
        createdBy: superAdminId,
      },
    ]);
    // Pia turned the panel channel off for this action; other companies' users hear nothing.
    expect(await bell(pia.token, 'account-approved')).toEqual([]);
    expect(await bell(ann.token, 'account-approved')).toEqual([]);

    // Approving an approved company changes nothing and tells nobody again, by toggle or by edit.
    expect((await toggle(true)).status).toBe(200);
    const edited = await server
      .client()
      .request('PUT', resourcePaths(accountResource).byId(pending.id as string), {
        body: { isApproved: true },
        token: staff,
      });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await bell(pete.token, 'account-approved')).toHaveLength(1);

    // A refused edit (a code another company has) approves nothing and tells nobody.
    expect((await toggle(false)).status).toBe(200);
    const refused = await server
      .client()
      .request('PUT', resourcePaths(accountResource).byId(pending.id as string), {
        body: { isApproved: true, code: acme.code },
        token: staff,
      });
    expect(refused.status).toBe(409);
    expect(await bell(pete.token, 'account-approved')).toHaveLength(1);

    // Approved again through the generic edit: told again, in the setting's words, and by mail.
    await setting('account-approved', 'Welcome, {company}', '{company} was approved on {date}.', true);
    server.mailbox.unread();
    const approved = await server
      .client()
      .request('PUT', resourcePaths(accountResource).byId(pending.id as string), {
        body: { isApproved: true },
        token: staff,
      });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await bell(pete.token, 'account-approved'))[0]).toMatchObject({
      title: 'Welcome, Pending Stones',
      message: `Pending Stones was approved on ${today()}.`,
    });
    const mail = await mailTo(pete.user.emails[0]?.value as string);
    expect(mail.text).toContain(`Pending Stones was approved on ${today()}.`);
    expect(await bell(pia.token, 'account-approved')).toEqual([]);
  });

  it('sign-up: tells the admins and super admins of someone waiting for activation', async () => {
    const register = (name: string, email: string) =>
      call(AUTH_ENDPOINTS.register, { name, email, password: 'Valid#Pass9' }, '');
    expect((await register('Nina Shah', 'nina.shah@example.test')).status).toBe(200);
    for (const token of [staff, admin.token]) {
      expect(await bell(token, 'sign-up')).toMatchObject([
        {
          title: 'New sign-up: Nina Shah',
          message:
            'Nina Shah (nina.shah@example.test) signed up and waits for an administrator to activate the account.',
          module: 'User',
          createdBy: null,
        },
      ]);
    }
    // Employees and customers are not the ones to activate it.
    expect(await bell(sales.token, 'sign-up')).toEqual([]);
    expect(await bell(ann.token, 'sign-up')).toEqual([]);

    // A refused sign-up (the address is taken) tells nobody.
    expect((await register('Nina Again', 'NINA.SHAH@example.test')).status).toBe(409);
    // A name that would break the admins' bells (a line break, a direction override) is refused, and tells nobody.
    for (const name of ['Nina\nSubject: urgent', 'Nina \u202Eevil']) {
      const refused = await register(name, `x${name.length}@example.test`);
      expect(refused.status, name).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(AUTH_MESSAGES.signupNameInvalid);
    }
    expect(await bell(admin.token, 'sign-up')).toHaveLength(1);

    await setting('sign-up', 'Sign-up', '{name} signed up on {date}.');
    expect((await register('Omar Vale', 'omar.vale@example.test')).status).toBe(200);
    expect((await bell(admin.token, 'sign-up'))[0]).toMatchObject({
      title: 'Sign-up',
      message: `Omar Vale signed up on ${today()}.`,
    });
  });

  it('password-reset: tells the user whose password was reset, by the link or by an administrator', async () => {
    const notice = {
      title: 'Your password was changed',
      message: `Your password was changed on ${today()}. If this was not you, contact your administrator.`,
    };
    // An administrator resets the sales person's password; the forced change that follows tells nobody.
    const reset = await call(USER_ENDPOINTS.resetPassword, { id: sales.user.id, password: 'Reset#Pass33' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const client = server.client();
    const first = await signIn(server, client, sales.user.username, 'Reset#Pass33');
    const changed = await client.call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: 'Reset#Pass33', password: 'Mine#Pass44', newPassword: 'Mine#Pass44' },
      { token: first.token.jwt },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    sales.token = (await signIn(server, client, sales.user.username, 'Mine#Pass44')).token.jwt;
    expect(await bell(sales.token, 'password-reset')).toMatchObject([{ ...notice, createdBy: superAdminId }]);
    expect(await bell(staff, 'password-reset')).toEqual([]);

    // A reset of a user who does not exist tells nobody.
    const unknown = await call(USER_ENDPOINTS.resetPassword, {
      id: '00000000-0000-4000-8000-000000000000',
      password: 'Reset#Pass33',
    });
    expect(unknown.status).toBe(404);

    // The mailed link: the customer resets their own password.
    await server.client().call(AUTH_ENDPOINTS.forgotPassword, { username: bob.user.username });
    const resetId = extractResetId(await mailTo(bob.user.emails[0]?.value as string));
    const bad = await call(AUTH_ENDPOINTS.resetPassword, {
      token: 'not-a-real-reset-id',
      newPassword: 'Fresh#Pass7',
    });
    expect(bad.status).toBe(400);
    const used = await call(AUTH_ENDPOINTS.resetPassword, { token: resetId, newPassword: 'Fresh#Pass7' }, '');
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    bob.token = (await signIn(server, server.client(), bob.user.username, 'Fresh#Pass7')).token.jwt;
    expect(await bell(bob.token, 'password-reset')).toMatchObject([{ ...notice, createdBy: bob.user.id }]);
    expect(await bell(ann.token, 'password-reset')).toEqual([]);

    await setting('password-reset', 'Security notice', 'Hello {name}, your password changed on {date}.');
    await call(USER_ENDPOINTS.resetPassword, { id: bob.user.id, password: 'Reset#Pass33' });
    const login = await signIn(server, server.client(), bob.user.username, 'Reset#Pass33');
    const again = await server
      .client()
      .call(
        AUTH_ENDPOINTS.resetPasswordByUser,
        { currentPassword: 'Reset#Pass33', password: OWN_PASSWORD, newPassword: OWN_PASSWORD },
        { token: login.token.jwt },
      );
    expect(again.status).toBe(200);
    bob.token = (await signIn(server, server.client(), bob.user.username, OWN_PASSWORD)).token.jwt;
    const told = await bell(bob.token, 'password-reset');
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({
      title: 'Security notice',
      message: `Hello ${bob.user.name}, your password changed on ${today()}.`,
    });
  });

  it('comment: a customer’s own comment tells the staff following the company; staff comments tell nobody', async () => {
    // Staff write a customer's comment down (the panel's Comment screen): nobody is told.
    const noted = await call(DIAMOND_COMMENT_ENDPOINTS.create, {
      userId: ann.user.id,
      stoneId,
      remarks: 'Asked about the girdle.',
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    for (const token of [sales.token, staff, admin.token]) expect(await bell(token, 'comment')).toEqual([]);

    // The customer's own comment, through the customer side of the API.
    const comment = (member: Member, id = stoneId) =>
      call(
        CUSTOMER_ACTIVITY_ENDPOINTS.commentCreate,
        { stoneId: id, remarks: 'Is the price firm?' },
        member.token,
      );
    // Acme has a sales person: only they hear of Ann's comment.
    const first = await comment(ann);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Comment added.');
    expect(await bell(sales.token, 'comment')).toMatchObject([
      {
        title: `${ann.user.name} commented on EN-1`,
        message: `${ann.user.name} of Acme Diamonds commented on EN-1: Is the price firm?`,
        module: 'Comment',
        createdBy: ann.user.id,
      },
    ]);
    expect(await bell(admin.token, 'comment')).toEqual([]);
    // Beta has none: the admins and super admins hear of Bob's.
    await comment(bob);
    expect((await bell(admin.token, 'comment'))[0]?.title).toBe(`${bob.user.name} commented on EN-1`);
    expect(await bell(staff, 'comment')).toHaveLength(1);
    expect(await bell(sales.token, 'comment')).toHaveLength(1);

    // A sales person who may not open Comments is passed over for the admins who may.
    const newcomer = await userWithRole(server, staff, USER_TYPES.EMPLOYEE, 'admin', views('Cart'));
    const reassigned = await server
      .client()
      .request('PUT', resourcePaths(accountResource).byId(beta.id as string), {
        body: { salesPersonId: newcomer.user.id },
        token: staff,
      });
    expect(reassigned.status, JSON.stringify(reassigned.body)).toBe(200);
    await comment(bob);
    expect(await bell(newcomer.token, 'comment')).toEqual([]);
    expect(await bell(admin.token, 'comment')).toHaveLength(2);

    // A comment on a stone that does not exist is refused and tells nobody.
    const unknown = await comment(ann, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('This stone is no longer available.');
    // A customer without the Comment module may not comment.
    const refused = await call(
      CUSTOMER_ACTIVITY_ENDPOINTS.commentCreate,
      { stoneId, remarks: 'Mine too?' },
      ali.token,
    );
    expect(refused.status).toBe(403);
    expect(await bell(sales.token, 'comment')).toHaveLength(1);

    await setting('comment', '{name} on {stone}', '{name} of {company} commented on {stone} on {date}.');
    await comment(ann);
    expect((await bell(sales.token, 'comment'))[0]).toMatchObject({
      title: `${ann.user.name} on EN-1`,
      message: `${ann.user.name} of Acme Diamonds commented on EN-1 on ${today()}.`,
    });
  });
  it('paces the calls of a customer that tell staff, so that a loop cannot flood their bells', async () => {
    const eve = await customerViaApi(server, staff, beta.id as string, ['comment']);
    const before = (await bell(admin.token, 'comment')).length;
    const unknownStone = '00000000-0000-4000-8000-000000000001';
    for (let call_ = 0; call_ < CUSTOMER_PACE.calls; call_ += 1) {
      const refused = await call(
        CUSTOMER_ACTIVITY_ENDPOINTS.commentCreate,
        { stoneId: unknownStone, remarks: 'Loop' },
        eve.token,
      );
      expect(refused.status).toBe(400);
    }
    const paced = await call(
      CUSTOMER_ACTIVITY_ENDPOINTS.commentCreate,
      { stoneId, remarks: 'One more' },
      eve.token,
    );
    expect(paced.status).toBe(429);
    expect(paced.body.message).toBe(STOCK_SUMMARY_MESSAGES.tooFast);
    expect(await bell(admin.token, 'comment')).toHaveLength(before);
    // Another customer keeps their own pace.
    const other = await call(
      CUSTOMER_ACTIVITY_ENDPOINTS.commentCreate,
      { stoneId, remarks: 'Fine' },
      ann.token,
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
