import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '@muster/contracts';
import type { Server, Socket } from 'socket.io';

export type MusterServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type MusterSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
