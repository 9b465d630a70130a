/**
 * Why the API refused a request: a reason per refusal, from one enumeration per module, with its
 * English text. The server writes `message` (and each field's text) from these texts for API
 * users; the web shows `errors:<module>.<reason>` in the reader's language with the same
 * parameters. A client never reads the English to learn what went wrong.
 *
 * Texts use i18next's `{{name}}` placeholders; each placeholder is a parameter of the reason.
 */

/** Input that does not pass a schema: zod's issues, each a reason with its numbers. */
export const VALIDATION_REASONS = {
  required: 'Required',
  email: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password is too long',
  passwordMin: 'Password must be at least {{min}} characters',
  passwordMax: 'Password must be at most {{max}} characters',
  minLength: 'Must be at least {{min}} characters',
  maxLength: 'Must be at most {{max}} characters',
  passwordsMismatch: 'Passwords do not match',
  code: 'Enter the 6-digit code',
  resetLink: 'This password reset link is invalid or has expired',
  subject: 'Choose a subject',
  language: 'Choose a language',
  timeZone: 'Choose a time zone from the list',
  tagsMax: 'At most {{max}} tags',
  reviewComment: 'Say what to change',
  category: 'Choose a category',
  priority: 'Choose a priority',
  operator: 'Choose an operator',
  shortcut: 'Letters, digits, - and _ only',
  banKind: 'Choose account, email or IP address',
  templateKey: 'Use lower-case letters, digits and -',
  wholeMinutes: 'Use whole minutes',
  wholeNumber: 'Use a whole number',
  minutesNonNegative: 'Must be 0 minutes or more',
  minutesMin: 'Must be at least {{min}} minutes',
  minutesMax: 'Must be at most {{max}} minutes',
  peopleMin: 'Must be at least {{min}} people',
  peopleMax: 'Must be at most {{max}} people',
  enterMinutes: 'Enter the duration in minutes',
  enterTeamSize: 'Enter the team size',
  chooseType: 'Choose a type',
  chooseScenario: 'Choose a scenario',
  chooseRegulation: 'Choose a regulation',
  chooseFacility: 'Choose a facility type',
  maxObjectives: 'At most {{max}} objectives',
  maxPositions: 'At most {{max}} positions',
  maxSteps: 'At most {{max}} steps',
  maxInjects: 'At most {{max}} injects',
  maxChecklist: 'At most {{max}} checklist items',
  maxParticipants: 'At most {{max}} participants',
  maxReminders: 'At most {{max}} reminders',
  maxCadences: 'At most {{max}} cadences',
  noSteps: 'Add at least one step',
  noObjectives: 'Add at least one objective',
  noPositions: 'Add at least one position',
  injectPastEnd: 'Due after the drill ends (at {{end}} min): move it earlier or lengthen the drill',
  unknownPosition: 'Choose one of the positions of this template',
  duplicateId: 'Each item needs its own id',
  chooseTemplate: 'Choose a template',
  chooseLead: 'Choose a lead',
  chooseMember: 'Choose a member or give a name',
  chooseDateTime: 'Choose a date and time',
  inFuture: 'Choose a time in the future',
  chooseOwner: 'Choose an owner',
  chooseDueDate: 'Choose a due date',
  chooseChannel: 'Choose at least one channel',
  chooseRecipient: 'Choose at least one recipient',
  duplicateLeadTime: 'Each reminder needs its own lead time',
  chooseCadenceKind: 'Choose drill or exercise',
  months: 'Enter a whole number of months from 1 to 36',
  days: 'Enter a whole number of days from 0 to 90',
  changeSomething: 'Change at least one field',
  chooseObservationKind: 'Choose strength or area for improvement',
  creditOrganization: 'Choose an organisation',
  creditAmount: 'Enter an amount',
  creditWholeCents: 'Enter whole cents',
  creditMin: 'At least $1',
  creditMax: 'At most $10,000',
  creditReason: 'Say why the credit is granted',
  atMostCharacters: 'At most {{max}} characters',
  dateTime: 'Must be a date and time (ISO 8601)',
  actionFilter: 'Letters, "_" and "." only',
  chooseOutcome: 'Choose success or failure',
  chooseOneOf: 'Choose one of: {{list}}',
  organizationId: 'Must be an organisation id',
  startBeforeEnd: 'The start must be before the end',
  mustBeWholeNumber: 'Must be a whole number',
  oneOrMore: 'Must be 1 or more',
  rowsPerPage: 'At most {{max}} rows a page',
  enterName: 'Enter a name',
  siemInvalidUrl: 'Enter a full http:// or https:// address',
  siemHttpsRequired: 'Use https:// (plain http is allowed only for addresses the server is configured to allow)',
  siemPrivateAddress: 'This address is in a private, loopback or link-local network, which SIEM webhooks may not reach',
  siemUnresolvable: 'This host name could not be resolved',
  siemCredentialsInUrl: 'Put credentials in the Authorization header, not in the address',
  siemTooMany: 'An organisation can have at most {{max}} SIEM destinations',
  unknownEventClass: 'Unknown event class: choose from {{list}}',
  eventClassList: 'Must be a list of event classes',
  maxEventClasses: 'At most {{max}} event classes',
  fromTo: 'From {{min}} to {{max}}',
  printableAscii: 'Printable ASCII only',
  nothingToChange: 'Nothing to change',
  wholeHours: 'Whole hours',
  hoursRange: 'From {{min}} to {{max}} hours',
  trueOrFalse: 'Must be true or false',
  enterTime: 'Enter the minute it is due',
  invalid: 'This value is not valid',
  invalidType: 'Must be a {{expected}}',
  tooSmall: 'Must be at least {{min}}',
  tooBig: 'Must be at most {{max}}',
  tooFewItems: 'Choose at least {{min}}',
  tooManyItems: 'At most {{max}} items',
  invalidFormat: 'Must be a valid {{format}}',
  unknownKeys: 'Unknown fields: {{keys}}',
  usernameFormat: 'Use letters, digits, ".", "_" and "-" only',
  minuteMin: 'Must be at least 1 minute',
  dateTimeValid: 'Enter a valid date and time',
  chooseCycle: 'Choose monthly or annual billing',
  chooseRenewal: 'Choose whether the plan renews',
  chooseScore: 'Choose from 1 to 5',
  stepChange: 'Change the status or one checklist item',
  observationLink: 'Link the observation to a step or an inject, not both',
  changeSetting: 'Change a setting',
  chooseExportFormat: 'Choose pdf or csv',
  chooseTemplateStatus: 'Choose draft or published',
  chooseInsightRange: 'Choose 7, 30 or 90 days',
  chooseReviewDecision: 'Choose approve or send back',
  chooseAnotherOperator: 'Choose another operator',
  uploadToChatFirst: 'Upload the file to this chat first',
  usernameTaken: 'This username is taken',
  resourceType: 'Choose one of: {{list}}',
  wholeAmount: 'Must be a whole number of at least 0',
  notOperator: 'Choose a support operator',
  accountId: 'Enter the account id',
  inFutureDate: 'Must be in the future',
  ipAddress: 'Enter an IPv4 or IPv6 address',
  dateFrom: 'Use a date such as 2026-03-01',
  dateTo: 'Use a date such as 2026-03-31',
  runNotFound: 'Drill run not found',
  participantNotFound: 'Participant not found',
  ticketChange: 'Change at least one of status, priority or assignee',
  chooseTickets: 'Choose tickets',
  chooseStatus: 'Choose a status',
  enterPercentage: 'Enter a percentage',
  wholePercentage: 'Use a whole percentage',
  chooseOnOff: 'Choose on or off',
  chooseAtLeastOneTicket: 'Choose at least one ticket',
  chooseAtMostTickets: 'Choose at most {{max}} tickets',
  thresholdMin: 'Must be at least {{min}}',
  thresholdMax: 'Must be at most {{max}}',
  maxThresholds: 'At most {{max}} thresholds',
  severityRange: 'From 1 to 5',
  overlapHours: 'From 0 to 168 hours',
  month: 'Choose a month',
  periodOrder: 'The period must end in or after the month it starts',
  periodMax: 'Choose a period of at most 24 months',
} as const;

/** Refusals that are not a module's own: what the HTTP layer and the platform answer. */
export const COMMON_REASONS = {
  badRequest: 'The request is not valid',
  malformedJson: 'The request body is not valid JSON',
  badValue: 'The request contains characters or values that cannot be stored',
  payloadTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  routeNotFound: 'No API route {{method}} {{path}}',
  methodNotAllowed: 'This method is not allowed here',
  unauthenticated: 'You are not signed in',
  forbidden: "You don't have permission to do this",
  conflict: 'This conflicts with the current state',
  rateLimited: 'Too many requests. Please try again later.',
  tooManyProbes: 'Too many probes: try again in a minute',
  serviceUnavailable: 'The service is unavailable: try again in a moment',
  databaseUnavailable: 'The database cannot be reached right now: try again in a few seconds',
  redisUnavailable: 'The session and queue store cannot be reached right now: try again in a few seconds',
  internal: 'An unexpected error occurred',
  oneFileAtATime: 'Send one file at a time',
  uploadUnreadable: 'The upload could not be read: send the file as multipart/form-data',
  subscribeFirst: 'Chat not found: subscribe to it first',
  sentAtNumber: 'sentAt must be a number',
  /** The client's own: a socket request the server did not acknowledge in time. */
  timeout: 'The server did not answer. Check your connection and try again.',
  /** The client's own: no answer at all (offline, or the server unreachable). */
  offline: 'Muster could not be reached. Check your connection and try again.',
} as const;

/** Something asked for that is not there (or not the asker's to see): "<thing> not found". */
export const NOT_FOUND_REASONS = {
  resource: 'Resource not found',
  article: 'Article not found',
  attachment: 'Attachment not found',
  ban: 'Ban not found',
  cannedResponse: 'Canned response not found',
  chat: 'Chat not found',
  correctiveAction: 'Corrective action not found',
  file: 'File not found',
  notification: 'Notification not found',
  stripeWebhook: 'Stripe webhook not found',
  ticket: 'Ticket not found',
  checkout: 'Checkout not found',
  invoice: 'Invoice not found',
  organization: 'Organisation not found',
  drillRun: 'Drill run not found',
  participant: 'Participant not found',
  drillTemplate: 'Drill template not found',
  usageAlert: 'Usage alert not found',
  render: 'File not found',
  customer: 'No such customer',
  invite: 'Invite not found',
  siemDestination: 'No such SIEM destination',
  siemDelivery: 'No such delivery',
  simulation: 'No such simulation',
  samlProvider: 'No such identity provider',
  sop: 'SOP not found',
  sopVersion: 'SOP version not found',
} as const;

export const AUTH_REASONS = {
  invalidCredentials: 'Invalid email or password',
  invalidMagic: 'Invalid or expired magic link',
  invalidResetLink: 'This password reset link is invalid or has expired',
  ssoRequired: 'Your organisation signs in through single sign-on: password authentication is not available for this account.',
  wrongCurrentPassword: 'Your current password is incorrect',
  notSignedIn: 'You are not signed in',
  forbidden: "You don't have permission to do this",
  noOrganization: 'This belongs to an organisation: platform accounts have none of their own',
  auditorOnly: 'Guest auditor sessions can only use the auditor portal',
  csrf: 'The request is missing its security token. Reload the page and try again.',
  originNotAllowed: 'Requests from this origin are not allowed',
  tooMany: 'Too many attempts. Please try again later.',
} as const;

export const DRILL_RUN_REASONS = {
  locked: 'This drill run is approved and locked: add a dated addendum instead',
  finished: 'This drill run has finished',
  cancelled: 'This drill run was cancelled',
  notStarted: 'Start the drill first',
  notRunning: 'The drill is paused: resume it first',
  alreadyStarted: 'The drill has already started',
  alreadyPaused: 'The drill is already paused',
  notPaused: 'The drill is not paused',
  notScheduled: 'Only a scheduled drill run can be changed this way',
  cannotControl: 'Only the lead, an administrator or a manager can do this',
  cannotObserve: 'The lead has not opened observations to observers',
  cannotPlan: 'Only administrators, managers and the lead can change the plan of a drill run',
  cannotApprove: 'Only administrators and managers can approve a drill run',
  cannotCheckIn: 'You can only check yourself in',
  notCompleted: 'Only a completed drill run can be approved',
  alreadyPublished: 'This inject has already been published',
  unknownStep: 'This step is not part of the drill',
  unknownItem: 'This checklist item is not part of the step',
  unknownInject: 'This inject is not part of the drill',
  unknownPosition: 'Choose one of the positions of the template',
  stepConflict: '{{name}} changed this step first: your change was not applied',
  stepConflictSomeone: 'Someone changed this step first: your change was not applied',
  stale: 'Someone changed this drill run after you opened it: reload to see their changes',
  templateNotPublished: 'Publish the template before scheduling it',
  leadNotMember: 'The lead must be a member of your organisation',
  participantNotMember: 'Participants must be members of your organisation or guests named on the roster',
  ownerNotMember: 'The owner must be a member of your organisation',
  unknownObservation: 'This observation is not part of the drill run',
  inPast: 'Choose a time in the future',
  musterIncomplete: 'Not everyone on the roster has checked in ({{present}} of {{total}}): check the others in before recording the muster',
} as const;

export const DRILL_TEMPLATE_REASONS = {
  libraryReadOnly: 'Built-in templates cannot be changed: duplicate one to make it yours',
  managersOnly: 'Only administrators and managers can change drill templates',
  stale: 'Someone saved this template after you opened it: reload it to see their changes',
  noOrganization: 'Drills belong to an organisation',
} as const;

export const SIEM_REASONS = {
  invalidUrl: 'Enter a full http:// or https:// address',
  httpsRequired: 'Use https:// (plain http is allowed only for addresses the server is configured to allow)',
  privateAddress: 'This address is in a private, loopback or link-local network, which SIEM webhooks may not reach',
  unresolvable: 'This host name could not be resolved',
  credentialsInUrl: 'Put credentials in the Authorization header, not in the address',
  tooMany: 'An organisation can have at most {{max}} SIEM destinations',
  notFailed: 'Only failed deliveries can be replayed',
  disabled: 'The destination is disabled: enable it first',
} as const;

export const SCIM_REASONS = {
  unauthenticated: 'A valid SCIM bearer token is required',
  rateLimited: 'Too many SCIM requests with this token: try again later',
  invalidFilter: 'Invalid filter: {{detail}}',
  invalidSyntax: 'Invalid request: {{detail}}',
  invalidValue: 'Invalid value: {{detail}}',
  invalidPath: 'Invalid attribute path: {{detail}}',
  noTarget: 'No attribute matches the path: {{detail}}',
  mutability: 'This attribute cannot be changed: {{detail}}',
  userNameTaken: 'A user with the userName {{userName}} is already provisioned',
  otherOrganization: 'The address {{email}} belongs to a member of another organisation',
  groupNameTaken: 'A group named {{displayName}} already exists',
  noEmail: 'A user needs an email address: send emails, or a userName that is an email address',
  seatLimit: 'All {{limit}} seats of the plan are taken: free a seat or upgrade the plan',
  lastAdmin: "The organisation's last active administrator cannot be deactivated, demoted or removed",
  userNotFound: 'No SCIM user with this id',
  groupNotFound: 'No SCIM group with this id',
  tokenNotFound: 'No such SCIM token',
  tooManyTokens: 'An organisation can have at most {{max}} active SCIM tokens',
  unknownEndpoint: 'No SCIM endpoint here',
} as const;

export const BILLING_REASONS = {
  adminsOnly: 'Only administrators can change the plan or the billing settings',
  samePlan: 'Your organisation is already on this plan and billing cycle',
  tooManyMembers: 'Your organisation has {{members}} members; the {{plan}} plan allows {{limit}}. Remove members before changing to it.',
  checkoutClosed: 'This checkout is already closed',
  checkoutOtherProvider: 'This checkout is completed by the payment provider, not here',
  invoiceNotOpen: 'Only an open invoice can be marked paid',
  invoiceOtherProvider: 'Invoices paid through Stripe are marked paid by Stripe',
  noOrganization: 'Billing belongs to an organisation',
  providerFailed: 'The payment provider could not be reached. Nothing was charged; please try again in a moment.',
  signatureInvalid: 'The webhook signature is missing or does not match',
  cancelNotActive: 'Only an active subscription renews or stops renewing',
} as const;

export const CHAT_REASONS = {
  closed: 'This chat has ended',
  banned: 'You cannot start a chat. If you think this is a mistake, write to support by email.',
  notYourChat: 'Only the operator of this chat can do that',
  alreadyAssigned: 'Another operator has already taken this chat',
  operatorUnavailable: 'That operator is offline',
  notOperator: 'Not a support operator',
  visitorDetails: 'Give your name and email before talking to a person',
  duplicateShortcut: 'You already have a canned response with this shortcut',
  notRateable: 'Only an ended chat can be rated',
  alreadyRated: 'This chat has already been rated',
  tooManyChats: 'Too many chats started. Try again later.',
} as const;

export const AUDIT_REASONS = {
  noOrganization: 'Choose an organisation: platform accounts have none of their own',
  badRange: 'The start must be before the end',
} as const;

export const USAGE_REASONS = {
  drillLimitReached:
    "Your plan's limit of {{limit}} drill runs this month is reached. Upgrade your plan, or ask an administrator to turn on overage billing.",
  storageLimitReached:
    "Your plan's limit of {{limit}} GB of storage this month is reached. Upgrade your plan, or ask an administrator to turn on overage billing.",
  thresholdsMustKeepDefaults: 'Thresholds 90 and 100 cannot be removed',
  adminsOnly: 'Only administrators can change usage settings',
  noOrganization: 'Usage belongs to an organisation',
  overageNotOffered: 'Overage billing is only offered on the Basic and Standard plans',
} as const;

export const ATTACHMENT_REASONS = {
  missing: 'Choose a file to attach',
  tooLarge: 'Files can be at most {{megabytes}} MB',
  notAllowed: 'Only PNG, JPEG, GIF and WebP images and PDF documents can be attached',
  notMultipart: 'Send the file as multipart/form-data',
} as const;

export const TICKET_REASONS = {
  noOrganization: 'Tickets are opened by members of an organisation',
  operatorsOnly: 'Only support operators can do this',
  internalOperatorsOnly: 'Only support operators can write internal notes',
  closed: 'This ticket is closed: open a new ticket',
  organizationScope: "Only administrators and managers can list their organisation's tickets",
  internalAttachmentOperatorsOnly: 'Only support operators can attach internal files',
  tooManyAttachments: 'A ticket holds at most {{max}} attachments',
  closedAttachment: 'This ticket is closed: open a new ticket to send files',
} as const;

export const KNOWLEDGE_REASONS = {
  onlyDrafts: 'Only a draft can be changed: withdraw it to draft first',
  authorOnly: 'Only its author can change or submit this draft',
  alreadyDraft: 'This article is already a draft',
  notDraft: 'Only a draft can be sent for review',
  notInReview: 'This article is not waiting for review',
  ownArticle: 'Another support operator must review your article',
} as const;

export const CONTACT_REASONS = {
  tooMany: 'You have sent several messages in a short time. Please try again later or email us directly.',
} as const;

/** The documents engine's refusals and failures. */
export const DOCUMENT_REASONS = {
  expired: 'This file is no longer kept: make it again',
  notReady: 'The file is not ready yet',
  failed: 'The file could not be made: try again',
} as const;

export const ASSISTANT_REASONS = {
  tooMany: 'You have asked many questions in a short time. Please wait a moment, or talk to a person.',
} as const;

/** Members, invitations, roles and seats (issue 18). */
export const MEMBERS_REASONS = {
  noOrganization: 'Members belong to an organisation: platform accounts have none',
  roleNotAssignable: 'Choose an organisation role: administrator, manager, internal auditor, accountant or user',
  roleAboveYours: 'You can only give roles up to your own',
  memberAboveYou: 'You cannot change a member whose role is above yours',
  lastAdmin: 'The organisation needs at least one active administrator: make someone else an administrator first',
  notYourself: 'You cannot deactivate or remove yourself',
  memberNotFound: 'Member not found',
  inviteNotFound: 'Invitation not found',
  alreadyMember: '{{email}} is already a member of this organisation',
  alreadyInvited: '{{email}} already has a pending invitation: resend it instead',
  duplicateLine: '{{email}} is already on line {{first}} of this list',
  lineColumns: 'Write each line as email, role, language (role and language may be left out)',
  lineRole: 'Unknown role "{{role}}": use one of {{list}}',
  lineLanguage: 'Unknown language "{{language}}": use one of {{list}}',
  emptyList: 'Add at least one email address',
  tooManyRows: 'At most {{max}} invitations at once: this list has {{rows}}',
  seatLimit:
    'Your plan has {{limit}} seats: {{used}} are taken and {{requested}} more were asked for. Upgrade your plan to invite more people.',
  inviteExpired: 'This invitation has expired: ask your administrator for a new one',
  inviteRevoked: 'This invitation was withdrawn: ask your administrator for a new one',
  inviteUsed: 'This invitation has already been used: sign in instead',
  inviteInvalid: 'This invitation link is not valid',
  otherOrganization: 'Your account already belongs to another organisation: an account can be a member of one organisation only',
  accountExists: 'An account with this email already exists: sign in with its password to join',
  noAccount: 'There is no account with this email yet: choose your name and a password',
  wrongPassword: 'The password is incorrect',
  deactivated: 'Your membership of {{organization}} is deactivated: ask one of its administrators to reactivate it',
  notDeactivated: 'This member is not deactivated',
  alreadyDeactivated: 'This member is already deactivated',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  namesRequired: 'Enter your first and last name to continue',
} as const;

/** Organisation security: the policy, support PINs and ID verification. */
export const SECURITY_REASONS = {
  passwordTooShort: "Your organisation's policy needs passwords of at least {{min}} characters",
  commonPassword: 'This password is one of the most common passwords: choose another',
  passwordNotAllowed: "Your organisation's policy does not allow signing in with a password: use an emailed code",
  codeNotAllowed: "Your organisation's policy does not allow signing in with an emailed code: use your password",
  codeNotAllowedForAdmins: "Your organisation's policy does not allow administrators to sign in with an emailed code: use your password",
  lengthMin: 'At least {{min}} characters',
  lengthMax: 'At most {{max}} characters',
  oneMethod: 'Allow at least one sign-in method',
  adminsNeedMethod: 'Administrators need a way to sign in: allow passwords, or emailed codes for administrators',
  dueDate: 'Choose a date',
  pinFormat: 'A PIN is 4 to 8 digits',
  pinsMismatch: 'The PINs do not match',
  chooseUser: 'Choose a user',
  userNotFound: 'No such user',
  caseNotFound: 'No such verification case',
  noPin: 'This member has no support PIN',
  pinTooMany: 'Too many PIN checks for this member: try again later',
  aboveRank: 'You cannot act on an account of a role above your own',
  membersOnly: 'Only members of an organisation have support PINs and ID verification',
  imageRequired: 'Upload both images first',
  notEditable: 'This verification can no longer be changed',
  alreadyApproved: 'Your identity is already verified',
  notClaimable: 'Only a submitted case can be claimed',
  claimedByOther: 'Another operator has claimed this case',
  claimFirst: 'Claim the case first',
  imageGone: 'The image is no longer kept',
  linkExpired: 'This link has expired or was already used',
  imageType: 'Only JPEG, PNG and WebP images can be used',
} as const;

/** Recovery delegates, account recovery, organisation termination and restore (issue 18). */
export const RECOVERY_REASONS = {
  invalidId: 'This is not a valid id',
  invalidLink: 'This link is invalid or has expired',
  approvalsMin: 'At least {{min}} approval',
  approvalsMax: 'At most {{max}} approvals',
  approvalsAboveDelegates: 'A recovery cannot need more approvals than there are accepted delegates ({{accepted}})',
  coolingOffRange: 'From 0 to 168 hours',
  chooseDecision: 'Choose approve or decline',
  tooManyDelegates: 'An organisation can have at most {{max}} recovery delegates',
  alreadyDelegate: 'This member is already a recovery delegate',
  delegateNotFound: 'Recovery delegate not found',
  requestNotFound: 'Recovery request not found',
  notYourDelegation: 'Only the member named as delegate can accept',
  ownRequest: 'You cannot decide on your own recovery request',
  alreadyDecided: 'You have already decided on this request',
  notOpen: 'This recovery request is no longer waiting for approvals',
  notDelegate: 'Only accepted recovery delegates of the organisation can do this',
  adminsOnly: 'Only administrators can manage recovery delegates',
  noOrganization: 'Recovery delegates belong to an organisation',
  tooMany: 'Too many recovery requests. Please try again later.',
  organisationTerminated: "Your organisation's Muster account was closed. A member can ask to restore it at /restore until {{purgeDate}}.",
  organisationPurged: "Your organisation's Muster account was closed and its data has been deleted.",
  confirmNameMismatch: "Type the organisation's name exactly as shown to confirm",
  alreadyTerminated: 'This organisation is already terminated',
  organizationNotFound: 'Organisation not found',
  restoreNotFound: 'Restore request not found',
  restoreNotPending: 'This restore request is not waiting for a decision',
  restoreTooLate: 'This organisation was terminated more than 90 days ago: it can no longer be restored',
} as const;

/** Support's account controls: suspensions, freezes, lockouts and the controls of one account. */
export const ACCOUNT_CONTROL_REASONS = {
  chooseKind: 'Choose suspension or freeze',
  chooseState: 'Choose current, past or all',
  chooseSubject: 'Choose a user or an organisation',
  chooseTarget: 'Choose the user or organisation',
  suspended: 'Your account is suspended. {{message}}',
  suspendedUntil: 'Your account is suspended until {{until}}. {{message}}',
  organizationSuspended: 'Your organisation is suspended. {{message}}',
  organizationSuspendedUntil: 'Your organisation is suspended until {{until}}. {{message}}',
  frozen: 'Your account is read-only: changes are not possible. {{message}}',
  organizationFrozen: "Your organisation's account is read-only: changes are not possible. {{message}}",
  passwordResetRequired:
    'Support has asked you to set a new password: use the link emailed to you, or ask for a new one with "Forgot password".',
  aboveRank: 'You cannot act on an account whose rank is above yours',
  ownAccount: 'You cannot do this to your own account',
  alreadySuspended: 'This account or organisation is already suspended: lift that suspension first',
  alreadyFrozen: 'This account or organisation is already frozen: lift that freeze first',
  notActive: 'This restriction has already been lifted or has ended',
  restrictionNotFound: 'No such suspension or freeze',
} as const;

/** Compliance profiles and rules (modules/compliance). */
export const COMPLIANCE_REASONS = {
  noRules: 'Choose at least one rule',
  unknownRules: 'Unknown rules: {{ids}}',
  facilityRequired: 'Name the facility',
  crewSizeRequired: 'Enter the crew size to record crew changes',
  moreThanCrew: 'More than the crew size',
  profileNotFound: 'Compliance profile not found',
  ruleExists: 'A rule with this key already exists',
  tooManyRules: 'At most {{max}} rules of your own',
  managersOnly: 'Only administrators and managers can change compliance profiles and rules',
  periodBackwards: 'The period ends before it starts',
  periodTooLong: 'The period is longer than 3 years',
  noOrganization: 'Compliance belongs to an organisation: platform accounts have none of their own',
} as const;

/** The compliance document library (modules/compliance-documents). */
export const COMPLIANCE_DOCUMENT_REASONS = {
  documentNotFound: 'Document not found',
  versionNotFound: 'Document version not found',
  managersOnly: 'Only administrators and managers can upload compliance documents',
  unknownRules: 'Unknown rules: {{ids}}',
  reviewBeforeEffective: 'The review date is before the effective date',
} as const;

/** Compliance packets, the waiver and packet verification (issue 19). */
export const PACKET_REASONS = {
  noOrganization: 'Compliance packets belong to an organisation: platform accounts have none',
  chooseProfile: 'Choose a compliance profile',
  chooseFrom: 'Choose the first day of the period',
  chooseTo: 'Choose the last day of the period',
  periodBackwards: 'The period ends before it starts',
  periodTooLong: 'A packet covers at most {{years}} years',
  notFound: 'Compliance packet not found',
  profileNotFound: 'Compliance profile not found',
  waiverRequired: 'Accept the waiver before downloading a compliance packet',
  waiverVersion: 'This is not the current waiver: reload the page and read it again',
  notIssued: 'Only an issued packet can be revoked',
  revokeReason: 'Say why the packet is revoked (at least 3 characters)',
  malformedCode: 'A verification code has 10 letters and digits, like ABCDE-23456',
  malformedToken: 'This verification link is damaged: open it again from the QR code',
  malformedHash: 'The file fingerprint is not a SHA-256 hash',
  nothingToVerify: 'Give a verification code, a QR link or a file',
  unknown: 'No packet matches: check the code',
  tooManyChecks: 'Too many checks from your address: try again in a minute',
} as const;

/** Standard operating procedures (issue 19): document control, acknowledgements. */
export const SOP_REASONS = {
  noOrganization: 'SOPs belong to an organisation: platform accounts have none of their own',
  chooseTemplate: 'Choose one of the built-in templates',
  chooseDate: 'Choose a day',
  chooseVersion: 'Choose a version',
  noSteps: 'Add at least one step to each section',
  noSections: 'Add at least one section',
  maxSections: 'At most {{max}} sections',
  reviewMonths: 'Enter a whole number of months from 1 to 60',
  tooManyRefs: 'At most {{max}} at once',
  editorsOnly: 'Only managers and administrators write, review and approve SOPs',
  notDraft: 'Only a draft can be changed: start a new version to change an approved or effective one',
  notInReview: 'Only a version in review can be approved or sent back',
  notApproved: 'Only an approved version can be made effective',
  authorCannotApprove: 'The author of a version cannot approve it: another manager or administrator must',
  openVersion: 'Version {{number}} is still open (draft or in review): finish or change it instead of starting another',
  effectiveBeforePrevious: 'Choose {{day}} or later: the current version has been in force since then',
  noEffective: 'This SOP has no effective version to acknowledge yet',
  alreadyAcknowledged: 'You have already acknowledged version {{number}} of this SOP',
  sameVersion: 'Choose two different versions',
} as const;

/** Every module's reasons, by the module's prefix (`errors:<prefix>.<reason>` on the web). */
/** Emergency maps (issue 19). */
export const MAPS_REASONS = {
  noOrganization: 'Emergency maps belong to an organisation',
  notFound: 'Map not found',
  versionNotFound: 'This version of the map does not exist',
  imageNotFound: 'Image not found',
  unknownSymbol: 'Unknown symbol type: choose one of {{list}}',
  symbolId: 'A symbol id is 1 to 40 letters, digits, - or _',
  duplicateSymbol: 'Each symbol needs its own id',
  outOfRange: 'Must lie on the map: from {{min}} to {{max}}',
  rotation: 'From 0 to 359 degrees',
  tooManySymbols: 'At most {{max}} symbols',
  date: 'Enter a date as YYYY-MM-DD',
  unknownImage: 'Upload the background image first',
  imageType: 'Choose a PNG or JPEG image',
  imageUnreadable: 'The image could not be read: is it a complete PNG or JPEG file?',
  versionConflict: 'Someone saved this map meanwhile (version {{current}}): reopen it to see their changes',
  musterPointNotFound: 'Choose one of the muster points named on your maps',
} as const;

/** The evidence vault (issue 20). */
export const EVIDENCE_REASONS = {
  noOrganization: 'The evidence vault belongs to an organisation: platform accounts have none',
  adminsOnly: 'Only administrators add evidence and change legal holds',
  notFound: 'Evidence record not found',
  noRules: 'Choose at least one rule this evidence supports',
  unknownRules: 'Unknown rules: {{ids}}',
  periodBackwards: 'The period ends before it starts',
  periodTooLong: 'A record covers at most {{years}} years',
  chooseObject: 'Choose what to add',
  chooseVersion: 'Choose a version',
  sourceNotFound: 'That object was not found in your organisation',
  runNotApproved: 'Only an approved drill run can be added as evidence',
  packetNotIssued: 'Only an issued packet can be added as evidence',
  fileType: 'Choose a PDF, PNG or JPEG file',
  integrityFailed:
    'This file no longer matches the fingerprint taken when it was added: it has not been served. Administrators have been alerted.',
  immutable: 'Evidence records cannot be changed or deleted while they are retained',
  retained: 'This record is retained until {{date}}: it cannot be purged before then',
  onHold: 'This record is under a legal hold: it cannot be purged',
  holdReason: 'Say why the record is held (at least 3 characters)',
  alreadyHeld: 'This record is already under a legal hold',
  notHeld: 'This record has no active legal hold',
  storageRefused: 'A stored evidence file cannot be overwritten',
  cannotStamp: 'This file cannot be stamped for download (it is encrypted or damaged): view it in the browser instead',
} as const;

/** The guest-auditor portal: invites' scope, reviews, requests, samples, bundles (issue 20). */
export const AUDITOR_REASONS = {
  emptyScope: 'Choose at least one compliance profile the auditor may review',
  unknownProfiles: 'Choose profiles of your organisation',
  unknownFacilities: 'Unknown facilities: {{names}}',
  periodBackwards: 'The period ends before it starts',
  periodTooLong: 'The audit period covers at most 7 years',
  expiryTooFar: 'Access can last at most 365 days',
  inviteNotFound: 'Auditor invite not found',
  inviteNotActive: 'This invite has expired or was revoked',
  previewReadOnly: 'This is a preview: only the auditor can review, request, sample or build bundles',
  evidenceNotFound: 'Evidence record not found',
  flagNeedsComment: 'Say what is wrong: a flag needs a comment',
  requestText: 'Describe the evidence you need (at least 3 characters)',
  requestNotFound: 'Evidence request not found',
  requestDueInPast: 'Choose a due date from today',
  requestDueTooFar: 'Choose a due date within 365 days',
  requestRuleOutOfScope: 'Choose one of the rules of the audit scope',
  requestNotOpen: 'This request has been accepted: it cannot be answered again',
  requestNotSubmitted: 'Only a submitted request can be accepted or flagged',
  attachEvidence: 'Attach at least one evidence record',
  sampleTooLarge: 'A sample holds at most {{max}} records',
  sampleEmpty: 'No records match this population',
  seedFormat: 'A seed is letters, digits, - or _',
  bundleEmpty: 'Choose at least one record for the bundle',
  bundleNotFound: 'Audit bundle not found',
  bundleNotReady: 'The bundle is still being built',
  bundleExpired: 'This bundle is no longer kept: the invite has expired',
  bundleFailed: 'The bundle could not be built',
  bundleManifestMalformed: 'This is not the manifest.json of a Muster audit bundle',
  bundleUnknown: 'No audit bundle with this manifest is known',
} as const;

/** The drill simulation sandbox (issue 22). */
export const SIMULATION_REASONS = {
  unknownTemplate: 'Choose a drill template from the list',
  unknownSpeed: 'Choose a speed of 1×, 2×, 5× or 10×',
  unknownAction: 'Choose play, pause or reset',
  finished: 'The simulation has finished: reset it to play it again',
  alreadyPlaying: 'The simulation is already playing',
  notPlaying: 'The simulation is not playing',
} as const;

/** SAML single sign-on (issue 21). */
export const SAML_REASONS = {
  invalidUrl: 'Enter a full http:// or https:// address',
  invalidDomain: 'Enter email domains such as example.com',
  groupRequired: 'Enter the IdP group name',
  entityIdRequired: "Enter the identity provider's entity ID",
  groupAttributeRequired: 'Enter the attribute that carries the groups',
  tooManyCertificates: 'At most {{max}} certificates',
  tooManyDomains: 'At most {{max}} email domains',
  tooManyMappings: 'At most {{max}} group mappings',
  tooManyBreakGlass: 'At most {{max}} break-glass admins',
  tooManyProviders: 'An organisation can have at most {{max}} identity providers',
  sourceRequired: "Paste the IdP's metadata, give its metadata URL, or enter its entity ID, SSO URL and certificate",
  malformed: 'This is not a well-formed SAML document (document type declarations and entities are refused)',
  tooLarge: 'This SAML document is too large',
  metadataInvalid: 'This metadata has no identity provider with a sign-in URL and a signing certificate',
  metadataFetch: 'The metadata could not be read from this address: {{detail}}',
  certificateInvalid: 'This is not a valid X.509 certificate',
  domainTaken: 'The domain {{domain}} already belongs to another enabled identity provider',
  unknownAdmin: 'Choose admins of your organisation',
  enforceNeedsProvider: 'Enable at least one identity provider before enforcing SSO',
  enforceNeedsBreakGlass: 'Name at least one break-glass admin before enforcing SSO',
  noProvider: 'No single sign-on is set up for this email domain',
  useSso: 'Your organisation signs in through single sign-on: use "Sign in with SSO"',
} as const;

/** Four-eyes approvals of platform actions (issue 22). */
export const APPROVALS_REASONS = {
  required: 'This action needs a second platform admin: ask for an approval',
  reasonRequired: 'Say why (at least 3 characters)',
  chooseUser: 'Choose a platform account',
  chooseRole: 'Choose Deputy admin or Root admin',
  chooseOrganization: 'Choose an organisation',
  chooseEvidence: 'Choose the evidence record',
  confirmName: "Type the organisation's name to confirm",
  selfApproval: 'You asked for this: another platform admin must decide it',
  notPending: 'This request has already been decided or has expired',
  expired: 'This request has expired: ask again',
  notFound: 'Approval request not found',
  notBreakGlass: 'Only break-glass actions are reviewed',
  alreadyReviewed: 'This break-glass action has already been reviewed',
  ownBreakGlass: 'Another platform admin must review your break-glass action',
  userNotPlatform: 'Only platform accounts can be raised to Deputy admin or Root admin',
  alreadyRole: 'This account already has that role',
  belowThreshold: 'Credit grants up to {{amount}} need no approval: grant it directly',
} as const;

/** Platform broadcasts (issue 22). */
export const BROADCASTS_REASONS = {
  titleRequired: 'Enter the English title',
  endBeforeStart: 'The end must be after the start',
  notFound: 'Broadcast not found',
  ended: 'This broadcast has ended',
  unknownOrganizations: 'Choose existing organisations',
} as const;

export const ERROR_REASONS = {
  validation: VALIDATION_REASONS,
  common: COMMON_REASONS,
  notFound: NOT_FOUND_REASONS,
  auth: AUTH_REASONS,
  drillRun: DRILL_RUN_REASONS,
  drillTemplate: DRILL_TEMPLATE_REASONS,
  siem: SIEM_REASONS,
  scim: SCIM_REASONS,
  saml: SAML_REASONS,
  simulation: SIMULATION_REASONS,
  billing: BILLING_REASONS,
  chat: CHAT_REASONS,
  audit: AUDIT_REASONS,
  usage: USAGE_REASONS,
  attachment: ATTACHMENT_REASONS,
  ticket: TICKET_REASONS,
  knowledge: KNOWLEDGE_REASONS,
  contact: CONTACT_REASONS,
  assistant: ASSISTANT_REASONS,
  documents: DOCUMENT_REASONS,
  members: MEMBERS_REASONS,
  security: SECURITY_REASONS,
  recovery: RECOVERY_REASONS,
  accountControls: ACCOUNT_CONTROL_REASONS,
  maps: MAPS_REASONS,
  compliance: COMPLIANCE_REASONS,
  complianceDocuments: COMPLIANCE_DOCUMENT_REASONS,
  packets: PACKET_REASONS,
  sops: SOP_REASONS,
  evidence: EVIDENCE_REASONS,
  auditor: AUDITOR_REASONS,
  approvals: APPROVALS_REASONS,
  broadcasts: BROADCASTS_REASONS,
} as const;

type Catalogue = typeof ERROR_REASONS;
/** A reason, named `<module>.<key>`. */
export type ErrorReason = { [M in keyof Catalogue]: `${M}.${keyof Catalogue[M] & string}` }[keyof Catalogue];
export type ValidationReason = `validation.${keyof typeof VALIDATION_REASONS}`;
export type NotFoundThing = keyof typeof NOT_FOUND_REASONS;
/** A reason's parameters: the numbers and names its text shows. */
export type ReasonParams = Record<string, string | number>;

/** The English text of a reason (undefined for a name that is not one). */
function englishOf(reason: string): string | undefined {
  const dot = reason.indexOf('.');
  if (dot < 0) return undefined;
  const [name, key] = [reason.slice(0, dot), reason.slice(dot + 1)];
  if (!Object.hasOwn(ERROR_REASONS, name)) return undefined;
  const module = (ERROR_REASONS as Record<string, Record<string, string>>)[name]!;
  return Object.hasOwn(module, key) ? module[key] : undefined;
}

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && englishOf(value) !== undefined;
}

/** A reason's English text with its parameters in place. */
export function reasonText(reason: ErrorReason, params: ReasonParams = {}): string {
  return englishOf(reason)!.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The parameters a reason's text names (`{{min}}` → "min"). */
export function reasonParamNames(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}

/** A schema's message naming its reason (zod carries it as the issue's message). */
export function reason(name: ErrorReason): string {
  return name;
}

/** One invalid field's reason: what the web shows under the field, in the reader's language. */
export interface FieldReason {
  reason: ErrorReason;
  params: ReasonParams;
}

/** What a zod issue carries that a reason's text can show. */
interface IssueLike {
  code?: string;
  message: string;
  path: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  values?: readonly unknown[];
  keys?: string[];
  params?: Record<string, unknown>;
}

function issueParams(issue: IssueLike): ReasonParams {
  const params: ReasonParams = {};
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (issue.expected !== undefined) params.expected = issue.expected;
  if (issue.format !== undefined) params.format = issue.format;
  if (issue.values !== undefined) params.list = issue.values.map(String).join(', ');
  if (issue.keys !== undefined) params.keys = issue.keys.join(', ');
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return params;
}

/** The reason of an issue zod wrote its own words for (no reason given in the schema). */
function genericReason(issue: IssueLike): ErrorReason {
  const collection = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'validation.required' : 'validation.invalidType';
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'validation.required' : 'validation.minLength';
      return collection ? 'validation.tooFewItems' : 'validation.tooSmall';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.maxLength';
      return collection ? 'validation.tooManyItems' : 'validation.tooBig';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalidFormat';
    case 'invalid_value':
      return 'validation.chooseOneOf';
    case 'unrecognized_keys':
      return 'validation.unknownKeys';
    default:
      return 'validation.invalid';
  }
}

/**
 * A zod issue as a reason: the one its schema names (the issue's message), else one by the
 * issue's kind; with the numbers the issue carries (min, max, format, the allowed values).
 */
export function issueReason(issue: IssueLike): FieldReason {
  const reason = isErrorReason(issue.message) ? issue.message : genericReason(issue);
  return { reason, params: issueParams(issue) };
}

/** Each invalid field's reason (the first issue of each path; `_` for the whole input). */
export function fieldReasons(issues: readonly IssueLike[]): Record<string, FieldReason> {
  const fields: Record<string, FieldReason> = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[path] ??= issueReason(issue);
  }
  return fields;
}
