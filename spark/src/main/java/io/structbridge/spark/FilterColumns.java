package io.structbridge.spark;

import java.util.LinkedHashSet;
import java.util.Set;

/** The members a {@link FilterSpec} reads. */
final class FilterColumns {
    private FilterColumns() {}

    /** {@return the names of the members {@code spec} reads, in first-use order} */
    static Set<String> of(FilterSpec spec) {
        Set<String> out = new LinkedHashSet<>();
        add(spec, out);
        return out;
    }

    private static void add(FilterSpec s, Set<String> out) {
        switch (s) {
            case FilterSpec.Compare c -> out.add(c.column());
            case FilterSpec.In in -> out.add(in.column());
            case FilterSpec.And a -> {
                add(a.left(), out);
                add(a.right(), out);
            }
            case FilterSpec.Or o -> {
                add(o.left(), out);
                add(o.right(), out);
            }
            case FilterSpec.Not n -> add(n.child(), out);
            case FilterSpec.Const c -> { }
        }
    }
}
