import { service } from '../../platform/context.ts';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../../testing/test-server.ts';

const MAX_BYTES = 20_000;
let compliance: { id: number; token: string };
let support: { id: number; token: string };

const server = serverForSuite({ env: { UPLOAD_MAX_BYTES: String(MAX_BYTES), RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  compliance = await server.createOperator(['compliance']);
  support = await server.createOperator(['support']);
});

let phoneSeq = 5550000;
/** A user with e-mail and phone bound (both are required before any verification). */
async function boundUser() {
  phoneSeq += 1;
  return server.createUser({ email: `kyc${phoneSeq}@example.com`, phone: String(phoneSeq) + '00' });
}

const uploads = () => service(server.built.ctx, 'uploads');
const kycService = () => service(server.built.ctx, 'kyc');

async function upload(userId: number, content: Buffer): Promise<string> {
  return (await uploads().save(userId, content)).fileId;
}

/** A small JPEG carrying EXIF with a marker the test looks for after cleaning. */
async function photoWithExif(colour: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: colour, g: 80, b: 120 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'exif-marker-owner', Artist: 'GPS-home-address' } })
    .toBuffer();
}

function basic(idNumber = crypto.randomBytes(5).toString('hex').toUpperCase()) {
  return { realName: 'Jane Doe', idNumber, country: 'fr', documentType: 'passport' };
}

async function approveLatest(token: string, level: 'basic' | 'advanced') {
  const status = await server.api('/xb/v1/kyc/status', {}, { token });
  const id = status.body.data[level].id as number;
  const res = await server.api('/admin/kyc/approve', { id }, { token: compliance.token });
  expect(res.status).toBe(200);
  return id;
}

describe('identity verification: refusals before anything is stored', () => {
  it('needs a signed-in user', async () => {
    expect((await server.api('/xb/v1/kyc/status', {})).status).toBe(401);
    expect((await server.api('/xb/v1/kyc/basic/submit', basic())).status).toBe(401);
    expect((await server.api('/xb/v1/kyc/limits', {})).status).toBe(401);
    expect((await server.api('/xb/v1/kyc/photo/abc', null)).status).toBe(401);
  });

  it('starts unverified with zero limits', async () => {
    const u = await boundUser();
    const status = await server.api('/xb/v1/kyc/status', {}, { token: u.token });
    expect(status.body.data).toMatchObject({
      level: 'none',
      state: 'not_certified',
      emailBound: true,
      phoneBound: true,
      canSubmitBasic: true,
      canSubmitAdvanced: false,
      basic: null,
      advanced: null,
    });
    const limits = await server.api('/xb/v1/kyc/limits', {}, { token: u.token });
    expect(limits.body.data.current).toEqual({ withdrawBtcPer24h: '0', fiatPerTrade: '0' });
    expect(limits.body.data.table).toEqual([
      { level: 'none', withdrawBtcPer24h: '0', fiatPerTrade: '0' },
      { level: 'basic', withdrawBtcPer24h: '200', fiatPerTrade: '5000' },
      { level: 'advanced', withdrawBtcPer24h: '500', fiatPerTrade: '1000000' },
    ]);
  });

  it('refuses both levels until the e-mail AND the phone are bound, with a message that leads there', async () => {
    const emailOnly = await server.createUser({ email: `only${Date.now()}@example.com` });
    const res = await server.api('/xb/v1/kyc/basic/submit', basic(), { token: emailOnly.token, locale: 'de' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('KYC_BIND_REQUIRED');
    expect(res.body.message).toMatch(/Telefonnummer/);
    const adv = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: 'a', backPhoto: 'b', handPhoto: 'c' },
      { token: emailOnly.token },
    );
    expect(adv.body.error).toBe('KYC_BIND_REQUIRED');

    const phoneOnly = await server.createUser({ phone: '5559999001' });
    const res2 = await server.api('/xb/v1/kyc/basic/submit', basic(), { token: phoneOnly.token });
    expect(res2.body.error).toBe('KYC_BIND_REQUIRED');
    const status = await server.api('/xb/v1/kyc/status', {}, { token: phoneOnly.token });
    expect(status.body.data).toMatchObject({ emailBound: false, phoneBound: true, canSubmitBasic: false });
  });

  it('validates the basic form with localized field messages', async () => {
    const u = await boundUser();
    const badCountry = await server.api('/xb/v1/kyc/basic/submit', { ...basic(), country: 'ZZ' }, { token: u.token });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body).toMatchObject({ error: 'VALIDATION', field: 'country' });
    const noName = await server.api(
      '/xb/v1/kyc/basic/submit',
      { ...basic(), realName: ' ' },
      { token: u.token, locale: 'fr' },
    );
    expect(noName.body).toMatchObject({ field: 'realName', message: 'Veuillez saisir votre nom' });
    const badDoc = await server.api(
      '/xb/v1/kyc/basic/submit',
      { ...basic(), documentType: 'library_card' },
      { token: u.token },
    );
    expect(badDoc.body.field).toBe('documentType');
    const status = await server.api('/xb/v1/kyc/status', {}, { token: u.token });
    expect(status.body.data.basic).toBeNull();
  });

  it('refuses advanced verification before basic is approved', async () => {
    const u = await boundUser();
    const ids = {
      frontPhoto: await upload(u.id, await photoWithExif(1)),
      backPhoto: await upload(u.id, await photoWithExif(2)),
      handPhoto: await upload(u.id, await photoWithExif(3)),
    };
    const res = await server.api('/xb/v1/kyc/advanced/submit', ids, { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('KYC_BASIC_REQUIRED');
    // still refused while basic is only pending
    await server.api('/xb/v1/kyc/basic/submit', basic(), { token: u.token });
    const again = await server.api('/xb/v1/kyc/advanced/submit', ids, { token: u.token });
    expect(again.body.error).toBe('KYC_BASIC_REQUIRED');
  });
});

describe('basic verification: pending → rejected → resubmitted → approved', () => {
  it('walks every transition and each refusal on the way', async () => {
    const u = await boundUser();
    const submitted = await server.api('/xb/v1/kyc/basic/submit', basic('ab-12 345 678'), { token: u.token });
    expect(submitted).toMatchObject({
      status: 200,
      body: { data: { level: 'basic', state: 'pending', country: 'FR', idNumber: '******5678' } },
    });

    const twice = await server.api('/xb/v1/kyc/basic/submit', basic(), { token: u.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('KYC_PENDING');
    let status = await server.api('/xb/v1/kyc/status', {}, { token: u.token });
    expect(status.body.data).toMatchObject({ level: 'none', state: 'under_certification', canSubmitBasic: false });

    // the queue, the full view (unmasked for compliance) and the role checks
    const queue = await server.api(
      '/admin/kyc/queue',
      { state: 'pending', level: 'basic' },
      { token: compliance.token },
    );
    expect(queue.status).toBe(200);
    const item = queue.body.data.items.find((i: { userId: number }) => i.userId === u.id);
    expect(item).toMatchObject({ level: 'basic', state: 'pending', country: 'FR' });
    const view = await server.api('/admin/kyc/view', { id: item.id }, { token: compliance.token });
    expect(view.body.data).toMatchObject({ idNumber: 'AB12345678', realName: 'Jane Doe', user: { id: u.id } });

    expect((await server.api('/admin/kyc/queue', {}, { token: support.token })).status).toBe(403);
    expect((await server.api('/admin/kyc/approve', { id: item.id }, { token: support.token })).status).toBe(403);
    expect((await server.api('/admin/kyc/reject', { id: item.id, reason: 'x' }, { token: support.token })).status).toBe(
      403,
    );
    expect((await server.api('/admin/kyc/approve', { id: item.id })).status).toBe(401);
    expect((await server.api('/admin/kyc/approve', { id: item.id }, { token: u.token })).status).toBe(401);

    const noReason = await server.api('/admin/kyc/reject', { id: item.id, reason: '  ' }, { token: compliance.token });
    expect(noReason.status).toBe(400);
    const rejected = await server.api(
      '/admin/kyc/reject',
      { id: item.id, reason: 'The photo page is unreadable' },
      { token: compliance.token },
    );
    expect(rejected.body.data).toMatchObject({
      state: 'rejected',
      rejectReason: 'The photo page is unreadable',
      reviewedBy: compliance.id,
    });
    const late = await server.api('/admin/kyc/approve', { id: item.id }, { token: compliance.token });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('KYC_NOT_PENDING');
    expect((await server.api('/admin/kyc/approve', { id: 99_999_999 }, { token: compliance.token })).status).toBe(404);

    status = await server.api('/xb/v1/kyc/status', {}, { token: u.token });
    expect(status.body.data).toMatchObject({
      level: 'none',
      state: 'rejected',
      canSubmitBasic: true,
      basic: { state: 'rejected', rejectReason: 'The photo page is unreadable' },
    });

    // resubmission after the rejection
    const again = await server.api('/xb/v1/kyc/basic/submit', basic('AB12345678'), { token: u.token });
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(item.id);
    await approveLatest(u.token, 'basic');

    status = await server.api('/xb/v1/kyc/status', {}, { token: u.token });
    expect(status.body.data).toMatchObject({
      level: 'basic',
      state: 'certified',
      canSubmitBasic: false,
      canSubmitAdvanced: true,
    });
    const limits = await server.api('/xb/v1/kyc/limits', {}, { token: u.token });
    expect(limits.body.data).toMatchObject({
      level: 'basic',
      current: { withdrawBtcPer24h: '200', fiatPerTrade: '5000' },
    });
    expect(await kycService().levelOf(u.id)).toBe('basic');
    expect(await kycService().limitsOf(u.id)).toEqual({ withdrawBtcPer24h: '200', fiatPerTrade: '5000' });
    expect(await kycService().countryOf(u.id)).toBe('FR');

    const afterApproval = await server.api('/xb/v1/kyc/basic/submit', basic(), { token: u.token });
    expect(afterApproval.status).toBe(409);
    expect(afterApproval.body.error).toBe('KYC_ALREADY_APPROVED');

    // the same document cannot verify a second account
    const other = await boundUser();
    const reused = await server.api('/xb/v1/kyc/basic/submit', basic('AB 1234 5678'), { token: other.token });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('KYC_DOCUMENT_IN_USE');

    // every decision is in the audit log with its reason
    const su = await server.createOperator(['super_admin']);
    const audit = await server.api('/admin/audit/list', { limit: 500 }, { token: su.token });
    const entries = audit.body.data.entries as Array<{
      action: string;
      targetId: string;
      detail: Record<string, unknown>;
    }>;
    expect(entries.find((e) => e.action === 'kyc.reject' && e.targetId === String(item.id))?.detail).toMatchObject({
      reason: 'The photo page is unreadable',
      userId: u.id,
    });
    expect(entries.some((e) => e.action === 'kyc.approve')).toBe(true);
    expect(entries.some((e) => e.action === 'kyc.view' && e.targetId === String(item.id))).toBe(true);
  });
});

describe('advanced verification and private photos', () => {
  let owner: { id: number; token: string };
  beforeAll(async () => {
    owner = await boundUser();
    await server.api('/xb/v1/kyc/basic/submit', basic(), { token: owner.token });
    await approveLatest(owner.token, 'basic');
  });

  it('refuses photos that are not the caller’s, missing, repeated, not images, or too large', async () => {
    const stranger = await boundUser();
    const mine = [await upload(owner.id, await photoWithExif(10)), await upload(owner.id, await photoWithExif(11))];
    const theirs = await upload(stranger.id, await photoWithExif(12));

    const notYours = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: mine[0], backPhoto: mine[1], handPhoto: theirs },
      { token: owner.token },
    );
    expect(notYours.status).toBe(403);
    expect(notYours.body).toMatchObject({ error: 'KYC_PHOTO_NOT_YOURS', field: 'handPhoto' });

    const missing = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: mine[0], backPhoto: mine[1], handPhoto: 'nope.jpg' },
      { token: owner.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'KYC_PHOTO_MISSING', field: 'handPhoto' });

    const repeated = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: mine[0], backPhoto: mine[0], handPhoto: mine[1] },
      { token: owner.token },
    );
    expect(repeated.status).toBe(400);

    // sniffed as JPEG by the upload, but not a decodable picture
    const corrupt = await upload(
      owner.id,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 9)]),
    );
    const wrongType = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: corrupt, backPhoto: mine[0], handPhoto: mine[1] },
      { token: owner.token },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error: 'KYC_PHOTO_TYPE', field: 'frontPhoto' });

    const noise = await sharp(crypto.randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(MAX_BYTES);
    const big = await upload(owner.id, noise);
    const tooLarge = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: mine[0], backPhoto: big, handPhoto: mine[1] },
      { token: owner.token },
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ error: 'KYC_PHOTO_TOO_LARGE', field: 'backPhoto' });

    const status = await server.api('/xb/v1/kyc/status', {}, { token: owner.token });
    expect(status.body.data.advanced).toBeNull();
  });

  it('stores cleaned photos that only the owner and compliance can fetch, then approves', async () => {
    const originals = [await photoWithExif(20), await photoWithExif(21), await photoWithExif(22)];
    const [front, back, hand] = [
      await upload(owner.id, originals[0]!),
      await upload(owner.id, originals[1]!),
      await upload(owner.id, originals[2]!),
    ];
    const res = await server.api(
      '/xb/v1/kyc/advanced/submit',
      { frontPhoto: front, backPhoto: back, handPhoto: hand },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ level: 'advanced', state: 'pending' });
    const photos = res.body.data.photos as { front: string; back: string; hand: string };
    expect(photos.front).toMatch(/^\/api\/xb\/v1\/kyc\/photo\/[\w-]+\.jpg$/);
    expect(photos.front).not.toContain(front);

    const get = (p: string, token?: string) =>
      fetch(`${server.url}${p}`, { headers: token ? { authorization: token } : {} });

    const mine = await get(photos.front, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await mine.arrayBuffer());
    expect(bytes.includes('exif-marker-owner')).toBe(false);
    expect(bytes.includes('GPS-home-address')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(originals[0]!.includes('exif-marker-owner')).toBe(true);

    // the original upload id leads to the same cleaned copy, never the original bytes
    const bySource = Buffer.from(await (await get(`/api/xb/v1/kyc/photo/${front}`, owner.token)).arrayBuffer());
    expect(bySource.equals(bytes)).toBe(true);

    const stranger = await boundUser();
    const theirs = await get(photos.front, stranger.token);
    expect(theirs.status).toBe(403);
    expect(((await theirs.json()) as { error: string }).error).toBe('FORBIDDEN');
    expect((await get(`/api/xb/v1/kyc/photo/${front}`, stranger.token)).status).toBe(403);
    expect((await get(photos.front)).status).toBe(401);
    expect((await get('/api/xb/v1/kyc/photo/unknown.jpg', owner.token)).status).toBe(404);

    const name = photos.front.split('/').at(-1)!;
    const adminUrl = `/api/admin/kyc/photo/${name}`;
    expect((await get(adminUrl, compliance.token)).status).toBe(200);
    expect((await get(adminUrl, support.token)).status).toBe(403);
    expect((await get(adminUrl, owner.token)).status).toBe(401);
    expect((await get(adminUrl)).status).toBe(401);

    const view = await server.api('/admin/kyc/view', { id: res.body.data.id }, { token: compliance.token });
    expect(view.body.data.photos.hand).toMatch(/^\/api\/admin\/kyc\/photo\//);

    await approveLatest(owner.token, 'advanced');
    const limits = await server.api('/xb/v1/kyc/limits', {}, { token: owner.token });
    expect(limits.body.data).toMatchObject({
      level: 'advanced',
      current: { withdrawBtcPer24h: '500', fiatPerTrade: '1000000' },
    });
    const status = await server.api('/xb/v1/kyc/status', {}, { token: owner.token });
    expect(status.body.data).toMatchObject({ level: 'advanced', state: 'certified', canSubmitAdvanced: false });
  });
});
