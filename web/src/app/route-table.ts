import type { Role } from '@muster/contracts';
import type { ComponentType } from 'react';

export type Layout = 'public' | 'app' | 'auditor' | 'none';

import type { PageProps } from '../lib/page';

export type { PageProps };

export type PageModule = { default: ComponentType<PageProps> };

/**
 * One route of `spec/routes.json` with the page that renders it. This table drives the router,
 * the guards, the navigation and background page warming; a test keeps it equal to the spec.
 */
export interface RouteEntry {
  path: string;
  layout: Layout;
  minRole: Role | null;
  /** Id of the page: its title is `pages:<pageId>.title`. */
  pageId: string;
  load: () => Promise<PageModule>;
  /**
   * What an organisation keeps on this page. Platform staff (ROOT_ADMIN, DEPUTY_ADMIN, SYSOPS) have
   * no organisation: for them the route says so plainly instead of rendering a page whose calls
   * would all be refused.
   */
  organisation?: OrganisationArea;
  /** A route of Muster's own beyond `spec/routes.json` (the spec test leaves it out). */
  beyondSpec?: true;
}

export type OrganisationArea = 'drills' | 'billing' | 'usage' | 'members' | 'compliance';

const page = {
  home: () => import('../features/site/HomePage'),
  about: () => import('../features/site/AboutPage'),
  solutions: () => import('../features/site/SolutionsPage'),
  pricing: () => import('../features/site/PricingPage'),
  faq: () => import('../features/site/FaqPage'),
  contact: () => import('../features/site/ContactPage'),
  docs: () => import('../features/site/DocsPage'),
  legal: () => import('../features/site/LegalPage'),
  publicTopic: () => import('../features/public/PublicTopicPage'),
  login: () => import('../features/auth/LoginPage'),
  signup: () => import('../features/auth/SignupPage'),
  resetPassword: () => import('../features/auth/ResetPasswordPage'),
  auditorLogin: () => import('../features/auditor/AuditorLoginPage'),
  feature: () => import('../features/workspace/FeaturePage'),
  usage: () => import('../features/usage/UsagePage'),
  subscription: () => import('../features/billing/SubscriptionPage'),
  checkoutResult: () => import('../features/billing/CheckoutResultPage'),
  adminBilling: () => import('../features/billing/AdminBillingPage'),
  billingPortal: () => import('../features/billing/BillingPortalPage'),
  credits: () => import('../features/billing/CreditsPage'),
  accountant: () => import('../features/billing/AccountantPage'),
  securityTimeline: () => import('../features/audit/MyTimelinePage'),
  orgSecurityTimeline: () => import('../features/audit/OrgTimelinePage'),
  customerTimeline: () => import('../features/audit/CustomerTimelinePage'),
  securityThreats: () => import('../features/audit/ThreatsPage'),
  siem: () => import('../features/siem/SiemPage'),
  database: () => import('../features/database/DatabasePage'),
  simulation: () => import('../features/simulation/SimulationPage'),
  scim: () => import('../features/scim/ScimPage'),
  saml: () => import('../features/saml/SamlPage'),
  members: () => import('../features/members/MembersPage'),
  emergencyMaps: () => import('../features/maps/MapsPage'),
  complianceProfiles: () => import('../features/compliance/ProfilesPage'),
  complianceDocuments: () => import('../features/compliance-documents/DocumentsPage'),
  compliancePackets: () => import('../features/compliance-packets/PacketsPage'),
  verifyPacket: () => import('../features/verify-packet/VerifyPacketPage'),
  inviteAccept: () => import('../features/members/InviteAcceptPage'),
  sops: () => import('../features/sops/SopsPage'),
  recovery: () => import('../features/recovery/RecoveryPage'),
  recoveryDelegates: () => import('../features/recovery/RecoveryDelegatesPage'),
  restore: () => import('../features/restore/RestorePage'),
  sysops: () => import('../features/restore/SysopsPage'),
  standalone: () => import('../features/workspace/StandaloneFeaturePage'),
  dashboardLanding: () => import('../features/dashboard/DashboardLanding'),
  genericDashboard: () => import('../features/dashboard/GenericDashboardPage'),
  adminDashboard: () => import('../features/dashboard/AdminDashboardPage'),
  managerDashboard: () => import('../features/dashboard/ManagerDashboardPage'),
  userDashboard: () => import('../features/dashboard/UserDashboardPage'),
  internalAuditorDashboard: () => import('../features/dashboard/InternalAuditorDashboardPage'),
  executive: () => import('../features/dashboard/ExecutivePage'),
  approvals: () => import('../features/approvals/ApprovalsPage'),
  broadcasts: () => import('../features/broadcasts/BroadcastsPage'),
  rootAdmin: () => import('../features/root-admin/RootAdminPage'),
  deputyAdmin: () => import('../features/root-admin/DeputyAdminPage'),
  profile: () => import('../features/profile/ProfilePage'),
  settings: () => import('../features/profile/SettingsPage'),
  apiDocs: () => import('../features/api-docs/ApiDocsPage'),
  insights: () => import('../features/insights/InsightsPage'),
  drillAnalytics: () => import('../features/analytics/DrillAnalyticsPage'),
  ticketAnalytics: () => import('../features/analytics/TicketAnalyticsPage'),
  helpCenter: () => import('../features/knowledge/HelpCenterPage'),
  knowledge: () => import('../features/knowledge/KnowledgePage'),
  knowledgeReview: () => import('../features/knowledge/KnowledgeReviewPage'),
  myTickets: () => import('../features/tickets/MyTicketsPage'),
  tickets: () => import('../features/tickets/TicketsPage'),
  newTicket: () => import('../features/tickets/NewTicketPage'),
  ticket: () => import('../features/tickets/TicketPage'),
  sysopsTickets: () => import('../features/tickets/SysopsQueuePage'),
  auditorDashboard: () => import('../features/auditor/AuditorDashboardPage'),
  auditorEvidence: () => import('../features/auditor/AuditorEvidencePage'),
  auditorBundles: () => import('../features/auditor/bundles/AuditorBundlesPage'),
  evidenceVault: () => import('../features/evidence-vault/EvidenceVaultPage'),
  helpDesk: () => import('../features/help-desk/HelpDeskPage'),
  liveChat: () => import('../features/live-chat/OperatorConsolePage'),
  chatSession: () => import('../features/live-chat/ChatSessionPage'),
  chatBans: () => import('../features/live-chat/ChatBansPage'),
  suspensions: () => import('../features/account-controls/SuspensionsPage'),
  frozenAccounts: () => import('../features/account-controls/FrozenAccountsPage'),
  unlock: () => import('../features/account-controls/UnlockPage'),
  accountControls: () => import('../features/account-controls/AccountControlsPage'),
  userManagement: () => import('../features/account-controls/UserManagementPage'),
  drillTemplates: () => import('../features/drills/templates/TemplatesPage'),
  drillTemplate: () => import('../features/drills/templates/TemplatePage'),
  drillBuilder: () => import('../features/drills/builder/BuilderPage'),
  quickGenerate: () => import('../features/drills/generate/QuickGeneratePage'),
  quickCreate: () => import('../features/drills/quick-create/QuickCreatePage'),
  drillRuns: () => import('../features/drills/runs/RunsPage'),
  drillConsole: () => import('../features/drills/console/ConsolePage'),
  drillSummary: () => import('../features/drills/summary/SummaryPage'),
  drillReminders: () => import('../features/drills/reminders/RemindersPage'),
  securityPolicy: () => import('../features/security/SecurityPolicyPage'),
  securityPins: () => import('../features/security/SecurityPinsPage'),
  verificationPolicies: () => import('../features/security/VerificationPolicyPage'),
  idVerification: () => import('../features/id-verification/IdVerificationPage'),
  idVerificationQueue: () => import('../features/id-verification/VerificationQueuePage'),
} satisfies Record<string, () => Promise<PageModule>>;

/**
 * The public pages that call no API (a unit test holds them to it): they render without TanStack
 * Query, so a visitor's first page does not load it. Every other route gets it (`WithQueries`).
 */
export const PAGES_WITHOUT_QUERIES: ReadonlySet<RouteEntry['load']> = new Set([
  page.home,
  page.about,
  page.solutions,
  page.pricing,
  page.faq,
  page.docs,
  page.legal,
]);

function r(
  path: string,
  layout: Layout,
  minRole: Role | null,
  pageId: string,
  load: () => Promise<PageModule>,
  organisation?: OrganisationArea,
): RouteEntry {
  return organisation ? { path, layout, minRole, pageId, load, organisation } : { path, layout, minRole, pageId, load };
}

export const ROUTES: readonly RouteEntry[] = [
  // Public layout
  r('/', 'public', null, 'home', page.home),
  r('/about', 'public', null, 'about', page.about),
  r('/solutions', 'public', null, 'solutions', page.solutions),
  r('/pricing', 'public', null, 'pricing', page.pricing),
  r('/faq', 'public', null, 'faq', page.faq),
  r('/contact', 'public', null, 'contact', page.contact),
  r('/docs', 'public', null, 'docs', page.docs),
  r('/verify-packet', 'public', null, 'verifyPacket', page.verifyPacket),
  r('/legal/privacy', 'public', null, 'privacy', page.legal),
  r('/legal/terms', 'public', null, 'terms', page.legal),
  // No layout
  r('/login', 'none', null, 'login', page.login),
  r('/signup', 'none', null, 'signup', page.signup),
  r('/auditor-login', 'none', null, 'auditorLogin', page.auditorLogin),
  r('/auth/reset-password', 'none', null, 'resetPassword', page.resetPassword),
  r('/reset-password', 'none', null, 'resetPassword', page.resetPassword),
  r('/recovery', 'none', null, 'recovery', page.recovery),
  r('/restore', 'none', null, 'restore', page.restore),
  r('/mobile-chat', 'none', null, 'mobileChat', page.helpDesk),
  r('/app/help-desk', 'none', null, 'helpDesk', page.helpDesk),
  // App layout, any signed-in user
  r('/app/dashboard', 'app', 'USER', 'dashboard', page.dashboardLanding),
  r('/app/dashboard/generic', 'app', 'USER', 'genericDashboard', page.genericDashboard),
  r('/app/profile', 'app', 'USER', 'profile', page.profile),
  r('/app/profile/id-verification', 'app', 'USER', 'idVerification', page.idVerification),
  r('/app/id-verification', 'app', 'USER', 'idVerification', page.idVerification),
  r('/app/security-timeline', 'app', 'USER', 'securityTimeline', page.securityTimeline),
  r('/app/usage', 'app', 'USER', 'usage', page.usage, 'usage'),
  r('/app/settings', 'app', 'USER', 'settings', page.settings),
  r('/app/my-tickets', 'app', 'USER', 'myTickets', page.myTickets),
  r('/app/tickets', 'app', 'USER', 'tickets', page.tickets),
  r('/app/tickets/new', 'app', 'USER', 'newTicket', page.newTicket),
  r('/app/tickets/:id', 'app', 'USER', 'ticket', page.ticket),
  r('/app/drills/templates', 'app', 'USER', 'drillTemplates', page.drillTemplates, 'drills'),
  r('/app/drills/template/:id', 'app', 'USER', 'drillTemplate', page.drillTemplate, 'drills'),
  r('/app/drills/builder', 'app', 'USER', 'drillBuilder', page.drillBuilder, 'drills'),
  r('/app/drills/builder/:id', 'app', 'USER', 'drillBuilder', page.drillBuilder, 'drills'),
  r('/app/drills/quick-generate', 'app', 'USER', 'quickGenerate', page.quickGenerate, 'drills'),
  r('/app/drills/quick-create', 'app', 'USER', 'quickCreate', page.quickCreate, 'drills'),
  r('/app/drills/runs', 'app', 'USER', 'drillRuns', page.drillRuns, 'drills'),
  r('/app/drills/console/:id', 'app', 'USER', 'drillConsole', page.drillConsole, 'drills'),
  r('/app/drills/runs/:id/summary', 'app', 'USER', 'drillSummary', page.drillSummary, 'drills'),
  r('/app/drills/reminders', 'app', 'USER', 'drillReminders', page.drillReminders, 'drills'),
  r('/app/compliance/profiles', 'app', 'USER', 'complianceProfiles', page.complianceProfiles, 'compliance'),
  r('/app/compliance/packets', 'app', 'USER', 'compliancePackets', page.compliancePackets, 'compliance'),
  r('/app/compliance/maps', 'app', 'USER', 'emergencyMaps', page.emergencyMaps, 'compliance'),
  r('/app/compliance/sops', 'app', 'USER', 'sops', page.sops, 'compliance'),
  r('/app/compliance/documents', 'app', 'USER', 'documents', page.complianceDocuments, 'compliance'),
  r('/app/subscription', 'app', 'USER', 'subscription', page.subscription, 'billing'),
  r('/app/subscription/success', 'app', 'USER', 'checkoutSuccess', page.checkoutResult, 'billing'),
  r('/app/subscription/canceled', 'app', 'USER', 'checkoutCanceled', page.checkoutResult, 'billing'),
  r('/app/api-docs', 'app', 'USER', 'apiDocs', page.apiDocs),
  r('/app/help', 'app', 'USER', 'helpCenter', page.helpCenter),
  // ADMIN
  r('/app/admin', 'app', 'ADMIN', 'adminDashboard', page.adminDashboard),
  r('/app/admin/dashboard', 'app', 'ADMIN', 'adminDashboard', page.adminDashboard),
  r('/app/admin/billing', 'app', 'ADMIN', 'billing', page.adminBilling, 'billing'),
  r('/app/admin/billing-portal', 'app', 'ADMIN', 'billingPortal', page.billingPortal, 'billing'),
  r('/app/admin/security', 'app', 'ADMIN', 'security', page.securityPolicy),
  r('/app/admin/saml', 'app', 'ADMIN', 'saml', page.saml),
  r('/app/admin/scim', 'app', 'ADMIN', 'scim', page.scim),
  r('/app/admin/siem', 'app', 'ADMIN', 'siem', page.siem),
  r('/app/admin/evidence-vault', 'app', 'ADMIN', 'evidenceVault', page.evidenceVault, 'compliance'),
  r('/app/admin/executive', 'app', 'ADMIN', 'executive', page.executive),
  r('/app/admin/security-pins', 'app', 'ADMIN', 'securityPins', page.securityPins),
  r('/app/admin/security-threats', 'app', 'ADMIN', 'securityThreats', page.securityThreats),
  r('/app/admin/security-timeline', 'app', 'ADMIN', 'orgSecurityTimeline', page.orgSecurityTimeline),
  r('/app/admin/recovery-delegates', 'app', 'ADMIN', 'recoveryDelegates', page.recoveryDelegates),
  r('/app/admin/users', 'app', 'ADMIN', 'users', page.members, 'members'),
  r('/app/admin/verification', 'app', 'ADMIN', 'verificationPolicies', page.verificationPolicies),
  r('/app/admin/credits', 'app', 'ADMIN', 'credits', page.credits, 'billing'),
  r('/app/admin/simulation', 'app', 'SYSOPS', 'simulation', page.simulation),
  // ROOT_ADMIN
  r('/app/admin/broadcasts', 'app', 'ROOT_ADMIN', 'broadcasts', page.broadcasts),
  r('/app/admin/database', 'app', 'ROOT_ADMIN', 'database', page.database),
  r('/app/root', 'app', 'ROOT_ADMIN', 'rootAdmin', page.rootAdmin),
  r('/app/root-admin', 'app', 'ROOT_ADMIN', 'rootAdmin', page.rootAdmin),
  r('/app/root-admin/approvals', 'app', 'ROOT_ADMIN', 'approvals', page.approvals),
  r('/app/root-admin/*', 'app', 'ROOT_ADMIN', 'rootAdmin', page.rootAdmin),
  // MANAGER
  r('/app/analytics/drills', 'app', 'MANAGER', 'drillAnalytics', page.drillAnalytics),
  r('/app/analytics/tickets', 'app', 'MANAGER', 'ticketAnalytics', page.ticketAnalytics),
  r('/app/manager', 'app', 'MANAGER', 'managerDashboard', page.managerDashboard),
  // SYSOPS
  r('/app/sysops', 'app', 'SYSOPS', 'sysops', page.sysops),
  r('/app/sysops/live-chat', 'app', 'SYSOPS', 'liveChat', page.liveChat),
  r('/app/sysops/tickets', 'app', 'SYSOPS', 'sysopsTickets', page.sysopsTickets),
  r('/app/sysops/insights', 'app', 'SYSOPS', 'insights', page.insights),
  r('/app/sysops/knowledge', 'app', 'SYSOPS', 'knowledge', page.knowledge),
  r('/app/sysops/knowledge-review', 'app', 'SYSOPS', 'knowledgeReview', page.knowledgeReview),
  r('/app/sysops/suspensions', 'app', 'SYSOPS', 'suspensions', page.suspensions),
  r('/app/sysops/unlock', 'app', 'SYSOPS', 'unlock', page.unlock),
  r('/app/sysops/frozen-accounts', 'app', 'SYSOPS', 'frozenAccounts', page.frozenAccounts),
  r('/app/sysops/chat-bans', 'app', 'SYSOPS', 'chatBans', page.chatBans),
  r('/app/sysops/account-controls', 'app', 'SYSOPS', 'accountControls', page.accountControls),
  r('/app/sysops/user-management', 'app', 'SYSOPS', 'userManagement', page.userManagement),
  r('/app/sysops/id-verification', 'app', 'SYSOPS', 'idVerificationQueue', page.idVerificationQueue),
  r('/app/sysops/customer-timeline/:userId', 'app', 'SYSOPS', 'customerTimeline', page.customerTimeline),
  r('/app/chat/:sessionId', 'none', 'SYSOPS', 'chatSession', page.chatSession),
  // Role dashboards
  r('/app/deputy-admin', 'app', 'DEPUTY_ADMIN', 'deputyDashboard', page.deputyAdmin),
  r('/app/accountant', 'app', 'ACCOUNTANT', 'accountantDashboard', page.accountant, 'billing'),
  r('/app/user', 'app', 'USER', 'userDashboard', page.userDashboard),
  r('/app/user-dashboard', 'app', 'USER', 'userDashboard', page.userDashboard),
  r('/app/internal-auditor', 'app', 'INTERNAL_AUDITOR', 'internalAuditorDashboard', page.internalAuditorDashboard),
  // Auditor layout
  r('/auditor/dashboard', 'auditor', 'GUEST_AUDITOR', 'auditorDashboard', page.auditorDashboard),
  r('/auditor/evidence', 'auditor', 'GUEST_AUDITOR', 'auditorEvidence', page.auditorEvidence),
  r('/auditor/bundles', 'auditor', 'GUEST_AUDITOR', 'auditorBundles', page.auditorBundles),
  // Beyond the spec: the screen of an invitation link (no layout, no session needed).
  { ...r('/invite/:token', 'none', null, 'inviteAccept', page.inviteAccept), beyondSpec: true },
];

/** The route entry a concrete path matches (for warming and navigation). */
export function routeFor(path: string): RouteEntry | undefined {
  return ROUTES.find((route) => route.path === path);
}
