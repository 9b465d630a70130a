import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager, type QueryRunner, type ReplicationMode } from 'typeorm';

type IsolationLevel = NonNullable<Parameters<QueryRunner['startTransaction']>[0]>;

/** The query runner of the transaction that the current code runs inside, if any. */
const transactionOfContext = new AsyncLocalStorage<QueryRunner>();

function openTransaction(): QueryRunner | undefined {
  const runner = transactionOfContext.getStore();
  return runner && !runner.isReleased && runner.isTransactionActive ? runner : undefined;
}

/**
 * The open transaction's runner, handed to code that asked for a connection of its own: every
 * call goes to the transaction, and `release()` does nothing (the transaction's owner releases
 * it when the transaction ends).
 */
function joined(runner: QueryRunner): QueryRunner {
  return new Proxy(runner, {
    get(target, property) {
      if (property === 'release') return () => Promise.resolve();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Marks the code inside a transaction's callback as running in that transaction. */
class TransactionalEntityManager extends EntityManager {
  override transaction<T>(runInTransaction: (entityManager: EntityManager) => Promise<T>): Promise<T>;
  override transaction<T>(isolationLevel: IsolationLevel, runInTransaction: (entityManager: EntityManager) => Promise<T>): Promise<T>;
  override transaction<T>(
    first: IsolationLevel | ((entityManager: EntityManager) => Promise<T>),
    second?: (entityManager: EntityManager) => Promise<T>,
  ): Promise<T> {
    const work = typeof first === 'function' ? first : second!;
    const inContext = (manager: EntityManager): Promise<T> => transactionOfContext.run(manager.queryRunner!, () => work(manager));
    return typeof first === 'function' ? super.transaction(inContext) : super.transaction(first, inContext);
  }
}

/**
 * Muster's data source. While a transaction is open, every query issued by the code running
 * inside it — through the transaction's manager, a repository injected elsewhere, a query
 * builder or `dataSource.query` — goes through that transaction's connection. So a service never
 * needs a second connection while it holds one (with a pool of one, or a busy pool, that wait
 * would never end), reads see the transaction's own writes, and a nested `transaction()` is a
 * savepoint of the open one.
 */
export class MusterDataSource extends DataSource {
  override createQueryRunner(mode?: ReplicationMode): QueryRunner {
    const open = openTransaction();
    return open ? joined(open) : super.createQueryRunner(mode);
  }

  override createEntityManager(queryRunner?: QueryRunner): EntityManager {
    return new TransactionalEntityManager(this, queryRunner);
  }
}
