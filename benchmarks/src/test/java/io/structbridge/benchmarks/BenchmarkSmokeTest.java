package io.structbridge.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Benchmarks cannot rot: every benchmark method of this module runs once, in this JVM, with tiny data, and
 * must not throw (setup peer checks included). No figure is asserted; nothing depends on timing.
 *
 * <p>JMH runs each method through its {@link Runner} with no fork, no warmup and one single-shot measurement
 * ({@code shouldFailOnError}: an exception in a setup, a benchmark or a teardown fails the run). Sizes: the
 * {@link Sizes#PROPERTY} system property (set here, before any benchmark class is loaded) shrinks the fixed
 * sizes, and the size {@code @Param}s ({@link #SIZE_PARAMS}) are overridden with {@link Sizes#SMOKE_ROWS}.
 * JMH applies a parameter override only to benchmarks declaring that parameter and ignores it elsewhere.
 * The methods come from {@code META-INF/BenchmarkList} (what JMH's annotation processor generated, the same
 * list {@code java -jar benchmarks.jar -l} prints); each must produce a result.
 */
class BenchmarkSmokeTest {
    static {
        System.setProperty(Sizes.PROPERTY, "true");
        // JMH's machine-wide lock (java.io.tmpdir/jmh.lock) keeps measurements from overlapping; the smoke run measures
        // nothing, so it neither waits for nor fails on a measurement running on the same machine.
        System.setProperty("jmh.ignoreLock", "true");
    }

    /** The {@code @Param} names that are data sizes: {@code n} (ColumnsBenchmark, ColumnsArrowBenchmark, ZeroCopyBenchmark), {@code rows}. */
    static final List<String> SIZE_PARAMS = List.of("n", "rows");

    @Test
    void everyBenchmarkRunsOnce() throws IOException {
        List<String> methods = listedMethods();
        assertFalse(methods.isEmpty(), "META-INF/BenchmarkList lists no benchmark");
        Map<String, Long> millis = new LinkedHashMap<>();
        List<String> ran = new ArrayList<>();
        Map<String, RunnerException> failures = new LinkedHashMap<>();
        long start = System.nanoTime();
        for (String method : methods) {
            long t0 = System.nanoTime();
            Collection<RunResult> results;
            try {
                results = new Runner(options(method)).run();
            } catch (RunnerException e) { // go on, to report every failing method at once
                failures.put(method, e);
                continue;
            } finally {
                millis.put(method, (System.nanoTime() - t0) / 1_000_000);
            }
            assertFalse(results.isEmpty(), method + ": no result");
            for (RunResult r : results) {
                BenchmarkParams params = r.getParams();
                assertEquals(method, params.getBenchmark());
                assertTrue(r.getPrimaryResult().getSampleCount() >= 1, method + ": no measurement");
                for (String p : SIZE_PARAMS) {
                    String value = params.getParam(p);
                    assertTrue(value == null || value.equals(Integer.toString(Sizes.SMOKE_ROWS)), method + ": " + p + " = " + value);
                }
                ran.add(method);
            }
        }
        if (!failures.isEmpty()) {
            AssertionError error = new AssertionError(failures.size() + " of " + methods.size()
                    + " benchmark methods failed (causes below): " + String.join(", ", failures.keySet()));
            failures.forEach((method, e) -> error.addSuppressed(new AssertionError(method, e)));
            throw error;
        }
        assertEquals(new TreeSet<>(methods), new TreeSet<>(ran), "benchmark methods listed vs run");
        // Where the time goes (setups included), for whoever makes a benchmark heavier; nothing asserted.
        System.out.printf("%d benchmark methods (%d runs with their parameters) ran once in %d ms; per class:%n",
                methods.size(), ran.size(), (System.nanoTime() - start) / 1_000_000);
        Map<String, List<Map.Entry<String, Long>>> byClass = millis.entrySet().stream().collect(Collectors.groupingBy(
                e -> e.getKey().substring(0, e.getKey().lastIndexOf('.')), TreeMap::new, Collectors.toList()));
        byClass.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, List<Map.Entry<String, Long>>> c) -> -total(c.getValue())))
                .forEach(c -> {
                    Map.Entry<String, Long> slowest = Collections.max(c.getValue(), Map.Entry.comparingByValue());
                    System.out.printf("  %6d ms  %-50s %2d methods, slowest %s %d ms%n", total(c.getValue()), c.getKey(),
                            c.getValue().size(), slowest.getKey().substring(c.getKey().length() + 1), slowest.getValue());
                });
    }

    private static long total(List<Map.Entry<String, Long>> methods) {
        return methods.stream().mapToLong(Map.Entry::getValue).sum();
    }

    /** {@return the benchmark methods JMH generated, {@code package.Class.method}, sorted} */
    static List<String> listedMethods() throws IOException {
        try (InputStream in = BenchmarkSmokeTest.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            assertTrue(in != null, BenchmarkList.BENCHMARK_LIST + " missing (JMH's annotation processor did not run?)");
            return BenchmarkList.readBenchmarkList(in).stream().map(BenchmarkListEntry::getUsername)
                    .filter(name -> name.startsWith("io.structbridge.benchmarks.")).distinct().sorted().toList();
        }
    }

    /** {@return the options that run one benchmark method once with smoke sizes} */
    static Options options(String method) {
        OptionsBuilder options = new OptionsBuilder();
        options.include("^" + Pattern.quote(method) + "$")
                .forks(0)
                .mode(Mode.SingleShotTime)
                .warmupIterations(0)
                .measurementIterations(1)
                .threads(1)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
        for (String p : SIZE_PARAMS) {
            options.param(p, Integer.toString(Sizes.SMOKE_ROWS));
        }
        return options.build();
    }
}
