package io.github.metatilefanout.benchmark.http;

import picocli.CommandLine;

/** {@code http}'s options as its command line parses them, then checked as a run checks them first. */
final class ParsedOptions {

    private ParsedOptions() {}

    static HttpOptions parse(String... args) {
        HttpOptions options = new HttpOptions();
        new CommandLine(options).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
        options.check();
        return options;
    }
}
