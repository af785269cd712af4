package io.github.metatilefanout.engine;

/** The stress tests of {@link FanoutStressTest} with {@link LockProtocol#STORING_LOCK}. */
class FanoutStressStoringLockTest extends FanoutStressTest {

    @Override
    LockProtocol protocol() {
        return LockProtocol.STORING_LOCK;
    }
}
