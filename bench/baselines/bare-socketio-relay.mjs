/**
 * Baseline of the `chat-relay` benchmark: a bare Socket.IO server (the same socket.io version
 * as Muster, websocket transport, one process, no adapter, no authentication, no storage).
 * A socket joins a conversation's room with `join`; `msg` is relayed to the others in the room
 * and acknowledged with a record of the same shape Muster answers. `update` (the baseline of
 * `console-fanout`) is relayed to the others in its room as it came and acknowledged. Listens on
 * PORT and HOST; GET /health answers 200 once it listens.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer((req, res) => {
  res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
const io = new Server(http, { transports: ['websocket'], serveClient: false });
let seq = 0;

io.on('connection', (socket) => {
  socket.on('join', (room, ack) => {
    void socket.join(room);
    ack?.({ ok: true });
  });
  socket.on('msg', (payload, ack) => {
    const message = {
      id: randomUUID(),
      chatId: payload.chatId,
      seq: ++seq,
      clientId: payload.clientId,
      kind: 'customer',
      sender: { id: null, name: 'Customer' },
      body: payload.body,
      attachment: null,
      event: null,
      createdAt: new Date().toISOString(),
    };
    socket.to(payload.chatId).emit('msg', message);
    ack?.({ ok: true, message });
  });
  socket.on('update', (payload, ack) => {
    socket.to(payload.room).emit('update', payload);
    ack?.({ ok: true });
  });
});

http.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
