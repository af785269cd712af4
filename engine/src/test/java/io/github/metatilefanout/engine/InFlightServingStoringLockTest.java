package io.github.metatilefanout.engine;

/** {@link InFlightServingTest} with {@link LockProtocol#STORING_LOCK}. */
class InFlightServingStoringLockTest extends InFlightServingTest {

    @Override
    LockProtocol protocol() {
        return LockProtocol.STORING_LOCK;
    }
}
