import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from '../shell/PublicLayout';

const HomePage = lazy(() => import('../features/home/HomePage'));
const StatusPage = lazy(() => import('../features/status/StatusPage'));
const NotFoundPage = lazy(() => import('../features/home/NotFoundPage'));

/** The route table. Every page is a lazy route. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/status', element: <StatusPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
