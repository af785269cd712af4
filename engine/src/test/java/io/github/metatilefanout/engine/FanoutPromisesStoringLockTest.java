package io.github.metatilefanout.engine;

/** The promises of {@link FanoutPromisesTest} with {@link LockProtocol#STORING_LOCK}. */
class FanoutPromisesStoringLockTest extends FanoutPromisesTest {

    @Override
    LockProtocol protocol() {
        return LockProtocol.STORING_LOCK;
    }
}
