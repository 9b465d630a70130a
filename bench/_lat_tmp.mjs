import { io } from 'socket.io-client';
const base = 'http://localhost:3952';
async function login(email) {
  let jar = {};
  const upd = (res) => { for (const c of res.headers.getSetCookie()) { const [kv] = c.split(';'); const i = kv.indexOf('='); jar[kv.slice(0,i)] = kv.slice(i+1); } };
  const cookie = () => Object.entries(jar).map(([k,v]) => `${k}=${v}`).join('; ');
  upd(await fetch(base + '/api/auth/me'));
  const r = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookie(), 'x-csrf-token': jar['muster.csrf'], origin: base }, body: JSON.stringify({ email, password: 'Muster!Demo2026' }) });
  upd(r); if (r.status !== 200) throw new Error('login ' + r.status + await r.text());
  upd(await fetch(base + '/api/auth/me', { headers: { cookie: cookie() } }));
  return { cookie, jar };
}
const m = await login('manager@harborpoint.example');
const u = await login('user@harborpoint.example');
const h = { 'content-type': 'application/json', cookie: m.cookie(), 'x-csrf-token': m.jar['muster.csrf'], origin: base };
const t = await (await fetch(base + '/api/drills/templates?source=library&scenario=fire', { headers: h })).json();
const mem = await (await fetch(base + '/api/drills/members', { headers: h })).json();
const id = (e) => mem.items.find((x) => x.email === e).id;
for (let round = 0; round < 3; round++) {
const run = await (await fetch(base + '/api/drills/runs', { method: 'POST', headers: h, body: JSON.stringify({ templateId: t.items[0].id, title: 'T ' + Date.now(), scheduledAt: new Date(Date.now() + 3600000).toISOString(), location: 'Q', leadUserId: id('manager@harborpoint.example'), participants: [{ userId: id('user@harborpoint.example') }] }) })).json();
const sm = io(base, { transports: ['websocket'], extraHeaders: { cookie: m.cookie(), origin: base } });
const su = io(base, { transports: ['websocket'], extraHeaders: { cookie: u.cookie(), origin: base } });
const ack = (s, ev, p) => new Promise((res) => s.emit(ev, p, res));
await ack(sm, 'console:subscribe', { runId: run.id }); await ack(su, 'console:subscribe', { runId: run.id });
const seen = (ev) => new Promise((res) => su.once(ev, () => res(performance.now())));
let t0 = performance.now(); let s = seen('console:state-changed'); let a = await ack(sm, 'console:control', { runId: run.id, action: 'start' }); let ta = performance.now();
console.log('start ack', Math.round(ta - t0), 'seen', Math.round(await s - t0), a.ok ?? Object.keys(a));
const step = run.template.steps[0];
t0 = performance.now(); s = seen('console:step-updated'); a = await ack(sm, 'console:step', { runId: run.id, stepId: step.id, status: 'in_progress' }); ta = performance.now();
console.log('step ack', Math.round(ta - t0), 'seen', Math.round(await s - t0), JSON.stringify(a).slice(0,80));
sm.close(); su.close();
}
process.exit(0);
