package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Runs two implementations of the same kernel (typically native and Java fallback) on the same
 * generated inputs and reports the first difference: in the return value, or in the bytes of any
 * struct array or segment argument after the call (kernels that write their output in place).
 * A test and diagnosis tool, not for hot paths (it calls through reflection).
 */
public final class KernelContract {
    private KernelContract() {}

    /**
     * {@return the first difference, or empty if none in {@code trials} runs}
     *
     * @param iface the functional interface
     * @param a one implementation
     * @param b the other
     * @param inputs fresh arguments for a trial number; called twice per trial, it must give equal
     *     arguments (e.g. seeded by the trial number) in separate memory
     * @param trials the number of trials
     * @param tolerance the largest absolute difference accepted between floating-point results
     */
    public static <F> Optional<String> firstDifference(Class<F> iface, F a, F b, IntFunction<Object[]> inputs,
                                                       int trials, double tolerance) {
        Method m = Arrays.stream(iface.getMethods()).filter(x -> Modifier.isAbstract(x.getModifiers())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(iface + " has no abstract method"));
        for (int t = 0; t < trials; t++) {
            Object[] argsA = inputs.apply(t);
            Object[] argsB = inputs.apply(t);
            Object ra = call(m, a, argsA);
            Object rb = call(m, b, argsB);
            if (!same(ra, rb, tolerance)) {
                return Optional.of("trial " + t + ": " + m.getName() + " returned " + ra + " and " + rb);
            }
            for (int i = 0; i < argsA.length; i++) {
                MemorySegment sa = segment(argsA[i]);
                if (sa != null) {
                    MemorySegment sb = segment(argsB[i]);
                    long at = sa.mismatch(sb);
                    if (at >= 0) {
                        return Optional.of("trial " + t + ": argument " + i + " differs after the call at byte " + at
                                + " (" + hex(sa, at) + " vs " + hex(sb, at) + ")");
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Object call(Method m, Object target, Object[] args) {
        try {
            return m.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            return "exception " + e.getCause();
        }
    }

    private static boolean same(Object x, Object y, double tolerance) {
        if (x instanceof Double || x instanceof Float) {
            double dx = ((Number) x).doubleValue();
            double dy = ((Number) y).doubleValue();
            return Double.compare(dx, dy) == 0 || Math.abs(dx - dy) <= tolerance;
        }
        return java.util.Objects.equals(x, y);
    }

    private static MemorySegment segment(Object arg) {
        return arg instanceof StructArray<?> s ? s.segment() : arg instanceof MemorySegment m ? m : null;
    }

    private static String hex(MemorySegment s, long at) {
        return at < s.byteSize() ? String.format("%02x", s.get(ValueLayout.JAVA_BYTE, at) & 0xff) : "end";
    }
}
