/**
 * The registry of queues and jobs. Payloads carry ids, never copies of rows.
 * Every job name has exactly one handler on the server; boot fails otherwise.
 */
export const QueueName = {
  Mail: 'mail',
  System: 'system',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  SendMail: 'mail.send',
  HealthProbe: 'system.health-probe',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SendMail]: {
    to: string;
    subject: string;
    text: string;
    html?: string;
  };
  [JobName.HealthProbe]: {
    probeId: string;
    socketId: string;
    enqueuedAt: number;
  };
}

/** The queue each job runs on. */
export const JOB_QUEUES: Readonly<Record<JobName, QueueName>> = {
  [JobName.SendMail]: QueueName.Mail,
  [JobName.HealthProbe]: QueueName.System,
};

export const ALL_QUEUES = Object.values(QueueName) as QueueName[];
export const ALL_JOBS = Object.values(JobName) as JobName[];
