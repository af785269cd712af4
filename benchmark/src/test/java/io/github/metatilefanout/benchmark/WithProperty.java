package io.github.metatilefanout.benchmark;

/** Runs a test's body with a system property set, then puts back what it was. */
final class WithProperty {

    private WithProperty() {}

    static void run(String name, String value, Runnable body) {
        String before = System.setProperty(name, value);
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }
}
