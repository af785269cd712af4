package io.github.metatilefanout.engine;

/** {@link JobIndependenceTest} with {@link LockProtocol#STORING_LOCK}. */
class JobIndependenceStoringLockTest extends JobIndependenceTest {

    @Override
    LockProtocol protocol() {
        return LockProtocol.STORING_LOCK;
    }
}
