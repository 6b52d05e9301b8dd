package io.structbridge.benchmarks;

import io.structbridge.runtime.ConstraintChecks;
import io.structbridge.runtime.Violation;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Validation of {@link Order} (8 constrained components, one nested struct), all instances valid.
 *
 * <p>Per record (ns per record; the loop walks {@value #RECORDS} distinct records):
 * <ul>
 *   <li>{@code generated}: {@code OrderValidator.validate(order)};</li>
 *   <li>{@code hibernateValidator}: {@code validator.validate(order)}, one {@code Validator} built in the setup;</li>
 *   <li>{@code handWritten}: if-checks of the same rules, same result type ({@code List<Violation>});</li>
 *   <li>{@code diagHandWithGeneratedDecimal}: {@code handWritten} with the generated {@code @DecimalMin} check
 *       ({@code ConstraintChecks.decimalBelow(v, new BigDecimal("0.01"), true)}) instead of {@code !(v >= 0.01)}.</li>
 * </ul>
 * In place (ms per 1,000,000 structs; fewer in the smoke run, {@link Sizes#rows}): {@code validateAllInPlace} ({@code OrderValidator.validateAll(array)})
 * vs {@code materializeThenValidate} ({@code array.toList()}, then {@code OrderValidator.validate} per record);
 * {@code diagInPlaceNoPrefix} is {@code validateAll} with an empty path prefix (attribution only).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ValidationBenchmark {
    static final int RECORDS = 1024;
    static final int ARRAY = Sizes.rows(1_000_000);

    private Order[] orders;
    private ValidatorFactory factory;
    private Validator hv;
    private int i;

    static Order order(int i) {
        String symbol = "S" + Integer.toString(i % 1_000_000, 36).toUpperCase() + (i % 3 == 0 ? ".L" : "");
        return new Order(1 + i, 1 + i % 1000, 0.01 + (i % 5000) * 0.25, symbol, 100_000L + i, i % 64, i & 0xFF,
                new OrderLimits(1000 + i % 1000, 1_000_000L * (i % 1000)));
    }

    @Setup
    public void setup() {
        orders = new Order[RECORDS];
        for (int k = 0; k < RECORDS; k++) {
            orders[k] = order(k);
        }
        factory = Validation.buildDefaultValidatorFactory();
        hv = factory.getValidator();
        // All peers must agree that every record is valid, and must all catch an invalid one.
        Order bad = new Order(0, 0, 0.0, " a", -1, 64, -1, new OrderLimits(2_000_000, -1));
        for (Order o : orders) {
            if (!OrderValidator.validate(o).isEmpty() || !hv.validate(o).isEmpty()
                    || !HandValidation.validate(o).isEmpty()) {
                throw new IllegalStateException("a peer rejects " + o);
            }
        }
        int g = OrderValidator.validate(bad).size();
        int h = hv.validate(bad).size();
        int w = HandValidation.validate(bad).size();
        if (g != h || g != w) {
            throw new IllegalStateException("violation counts differ on " + bad + ": generated " + g + ", HV " + h
                    + ", hand " + w + "\n" + OrderValidator.validate(bad) + "\n" + hv.validate(bad));
        }
    }

    @TearDown
    public void tearDown() {
        factory.close();
    }

    private Order next() {
        Order o = orders[i];
        i = (i + 1) & (RECORDS - 1);
        return o;
    }

    @Benchmark
    public List<Violation> generated() {
        return OrderValidator.validate(next());
    }

    @Benchmark
    public Set<ConstraintViolation<Order>> hibernateValidator() {
        return hv.validate(next());
    }

    @Benchmark
    public List<Violation> handWritten() {
        return HandValidation.validate(next());
    }

    @Benchmark
    public List<Violation> diagHandWithGeneratedDecimal() {
        return HandValidation.validateGeneratedDecimal(next());
    }

    /** The 1M-struct array for the in-place comparison. */
    @State(Scope.Thread)
    public static class ArrayState {
        Arena arena;
        OrderArray array;

        @Setup(Level.Trial)
        public void setup() {
            arena = Arena.ofShared();
            array = OrderArray.allocate(arena, ARRAY);
            List<Order> list = new ArrayList<>(ARRAY);
            for (int k = 0; k < ARRAY; k++) {
                list.add(order(k));
            }
            array.setAll(0, list);
            if (!OrderValidator.validateAll(array).isEmpty()) {
                throw new IllegalStateException("array not valid");
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public List<Violation> validateAllInPlace(ArrayState s) {
        return OrderValidator.validateAll(s.array);
    }

    /** {@code validateAll} without the per-struct {@code "[" + i + "]."} path prefix (the public 4-argument validate). */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public List<Violation> diagInPlaceNoPrefix(ArrayState s) {
        List<Violation> out = new ArrayList<>();
        java.lang.foreign.MemorySegment seg = s.array.segment();
        for (long k = 0; k < s.array.count(); k++) {
            OrderValidator.validate(seg, k * OrderStruct.SIZE, "", out);
        }
        return out;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void materializeThenValidate(ArrayState s, Blackhole bh) {
        List<Order> list = s.array.toList();
        for (Order o : list) {
            bh.consume(OrderValidator.validate(o));
        }
    }

    /** Hand-written checks of the rules the generated validator compiles, with the same messages. */
    static final class HandValidation {
        private static final Pattern SYMBOL = Pattern.compile("[A-Z][A-Z0-9.]*");

        private HandValidation() {}

        static List<Violation> validate(Order o) {
            List<Violation> out = new ArrayList<>();
            check(o, out, !(o.price() >= 0.01));
            return out;
        }

        static List<Violation> validateGeneratedDecimal(Order o) {
            List<Violation> out = new ArrayList<>();
            check(o, out, ConstraintChecks.decimalBelow(o.price(), new BigDecimal("0.01"), true));
            return out;
        }

        private static void check(Order o, List<Violation> out, boolean priceBelow) {
            int id = o.id();
            if (id < 1) out.add(new Violation("id", "Min", "must be greater than or equal to 1", id));
            if (id > 1_000_000_000) out.add(new Violation("id", "Max", "must be less than or equal to 1000000000", id));
            int qty = o.qty();
            if (qty < 1) out.add(new Violation("qty", "Min", "must be greater than or equal to 1", qty));
            if (qty > 1_000_000) out.add(new Violation("qty", "Max", "must be less than or equal to 1000000", qty));
            if (priceBelow) out.add(new Violation("price", "DecimalMin", "must be greater than or equal to 0.01", o.price()));
            String s = o.symbol();
            if (s == null || s.trim().isEmpty()) out.add(new Violation("symbol", "NotBlank", "must not be blank", s));
            if (s != null && (s.length() < 2 || s.length() > 12)) out.add(new Violation("symbol", "Size", "size must be between 2 and 12", s));
            if (s != null && !SYMBOL.matcher(s).matches()) out.add(new Violation("symbol", "Pattern", "must match \"[A-Z][A-Z0-9.]*\"", s));
            if (s == null || utf8Length(s) > 15 || s.indexOf('\0') >= 0) {
                out.add(new Violation("symbol", Violation.NATIVE, "does not fit char[16]", s));
            }
            long account = o.account();
            if (account <= 0) out.add(new Violation("account", "Positive", "must be greater than 0", account));
            int venue = o.venue();
            if (venue < 0) out.add(new Violation("venue", "Min", "must be greater than or equal to 0", venue));
            if (venue > 63) out.add(new Violation("venue", "Max", "must be less than or equal to 63", venue));
            int flags = o.flags();
            if (flags < 0) out.add(new Violation("flags", "PositiveOrZero", "must be greater than or equal to 0", flags));
            OrderLimits l = o.limits();
            if (l == null) {
                out.add(new Violation("limits", Violation.NATIVE, "must not be null (native structs have no null)", null));
            } else {
                if (l.maxQty() > 1_000_000) out.add(new Violation("limits.maxQty", "Max", "must be less than or equal to 1000000", l.maxQty()));
                long n = l.maxNotional();
                if (n < 0) out.add(new Violation("limits.maxNotional", "PositiveOrZero", "must be greater than or equal to 0", n));
                if (n > 1_000_000_000_000L) out.add(new Violation("limits.maxNotional", "Max", "must be less than or equal to 1000000000000", n));
            }
        }

        private static int utf8Length(String s) {
            int n = s.length();
            for (int k = 0; k < s.length(); k++) {
                if (s.charAt(k) >= 0x80) {
                    return s.getBytes(StandardCharsets.UTF_8).length;
                }
            }
            return n;
        }
    }
}
