import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from '../shell/PublicLayout';

const HomePage = lazy(() => import('../features/home/HomePage'));
const StatusPage = lazy(() => import('../features/status/StatusPage'));
const NotFoundPage = lazy(() => import('../features/home/NotFoundPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const AuditorLoginPage = lazy(() => import('../features/auditor/AuditorLoginPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AuditorDashboardPage = lazy(() => import('../features/auditor/AuditorDashboardPage'));

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
  // No layout (spec §2): the identity screens draw their own centred card.
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
  { path: '/auditor-login', element: <AuditorLoginPage /> },
  // Signed-in landing pages until the app and auditor shells arrive.
  { path: '/app/dashboard', element: <DashboardPage /> },
  { path: '/auditor/dashboard', element: <AuditorDashboardPage /> },
];
