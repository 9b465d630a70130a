import {
  EventSubscriber,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

type Work = () => void;

const pending = new WeakMap<QueryRunner, Work[]>();

/**
 * Runs `work` once the transaction of `manager` has committed, or at once when `manager` is not in
 * a transaction. Dropped when the transaction rolls back. The work is not awaited by the commit:
 * it must catch its own errors.
 */
export function afterCommit(manager: EntityManager | undefined, work: Work): void {
  const runner = manager?.queryRunner;
  if (!runner?.isTransactionActive) {
    work();
    return;
  }
  const list = pending.get(runner) ?? [];
  list.push(work);
  pending.set(runner, list);
}

/**
 * The TypeORM subscriber that runs `afterCommit` work when the outermost transaction ends (listed
 * in the data source's `subscribers`; TypeORM only takes classes marked `@EventSubscriber()`).
 */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A released savepoint is not the end: the outer transaction may still roll back.
    if (event.queryRunner.isTransactionActive) return;
    const list = pending.get(event.queryRunner);
    pending.delete(event.queryRunner);
    list?.forEach((work) => work());
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) pending.delete(event.queryRunner);
  }
}
