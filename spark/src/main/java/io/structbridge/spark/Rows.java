package io.structbridge.spark;

/**
 * The index space of a column vector: which bytes of the mapped data value {@code i} lies at, which
 * struct of the file it belongs to and how to name it in an error. The structs of a batch are one
 * space ({@link Top}); the elements of a fixed array are another, {@code n} values per value of their
 * parent space ({@link Elements}), the way Spark's {@code ColumnarArray} addresses a child vector. The values of
 * one member of a tagged union are the union's values, dead (null) where the member is not live ({@link Member}).
 */
abstract sealed class Rows {
    /** {@return the byte offset, within the mapped data, of the struct or array element that value {@code i} belongs to} */
    abstract long offset(int i);

    /** {@return the index in the file of the struct holding value {@code i}} */
    abstract long row(int i);

    /** {@return the path of member {@code member} of value {@code i}, from the outermost struct} */
    abstract String path(int i, String member);

    /** {@return the file, for errors} */
    abstract String file();

    /** {@return whether value {@code i} lies in a dead member of a tagged union (it is null, its bytes mean nothing)} */
    boolean dead(int i) {
        return false;
    }

    /** {@return whether any value can be {@link #dead}} */
    boolean nullable() {
        return false;
    }

    /** {@return how many values of the current batch are {@link #dead}} */
    int nulls() {
        return 0;
    }

    /**
     * {@return an error naming the file, the struct and the member of value {@code i}}
     *
     * @param i the value
     * @param member the member path relative to this space ({@code ""} for the element itself)
     * @param rule what is wrong, with the stored value
     */
    final StructReadException fail(int i, String member, String rule) {
        return new StructReadException(file(), row(i), path(i, member), rule);
    }

    /**
     * The structs of the current batch: value {@code i} is struct {@code first + p} of the file, where {@code p} is
     * {@code i} (no selection) or {@code selection[i]} (a pushed filter kept only some structs of the window), at
     * byte {@code (first + p) * stride} of the file's structs, or at byte {@code p * stride} of a buffer that holds
     * the window alone (a file of an older layout version, widened a window at a time).
     */
    static final class Top extends Rows {
        private final String file;
        private final long stride;
        private final boolean batchBuffer;
        /** The file index of the batch's first struct. */
        long first;
        /**
         * The structs of the window that the batch holds, ascending positions in the window (value {@code i} is
         * window position {@code selection[i]}), or null for all of them (value {@code i} is position {@code i}).
         */
        int[] selection;

        Top(String file, long stride, boolean batchBuffer) {
            this.file = file;
            this.stride = stride;
            this.batchBuffer = batchBuffer;
        }

        /** {@return the bytes from one struct to the next} */
        long stride() {
            return stride;
        }

        private int position(int i) {
            return selection == null ? i : selection[i];
        }

        @Override
        long offset(int i) {
            int p = position(i);
            return (batchBuffer ? p : first + p) * stride;
        }

        @Override
        long row(int i) {
            return first + position(i);
        }

        @Override
        String path(int i, String member) {
            return member;
        }

        @Override
        String file() {
            return file;
        }
    }

    /** The elements of a fixed array: value {@code j} is element {@code j % count} of parent value {@code j / count}. */
    static final class Elements extends Rows {
        private final Rows parent;
        private final int count;
        private final long stride;
        private final String name;

        /**
         * @param parent the space of the values holding the array
         * @param count the elements per array
         * @param stride the bytes from one element to the next
         * @param name the array's path relative to {@code parent}
         */
        Elements(Rows parent, int count, long stride, String name) {
            this.parent = parent;
            this.count = count;
            this.stride = stride;
            this.name = name;
        }

        @Override
        long offset(int j) {
            return parent.offset(j / count) + (j % count) * stride;
        }

        @Override
        long row(int j) {
            return parent.row(j / count);
        }

        @Override
        String path(int j, String member) {
            return parent.path(j / count, name + "[" + (j % count) + "]" + (member.isEmpty() ? "" : "." + member));
        }

        @Override
        String file() {
            return parent.file();
        }

        @Override
        boolean dead(int j) {
            return parent.dead(j / count);
        }

        @Override
        boolean nullable() {
            return parent.nullable();
        }

        @Override
        int nulls() {
            return Math.multiplyExact(parent.nulls(), count);
        }

        /** {@return the elements per value of the top space} */
        long multiplicity() {
            return parent instanceof Elements e ? e.multiplicity() * count : count;
        }
    }

    /**
     * Member {@code j} of a tagged union: the union's values (same bytes, same structs, same paths), dead where the
     * union's discriminator selects another member (or the union itself lies in a dead member).
     */
    static final class Member extends Rows {
        private final Rows parent;
        private final LiveCases cases;
        private final int j;

        /**
         * @param parent the union's space
         * @param cases the live case of each of the union's values
         * @param j the member's case index
         */
        Member(Rows parent, LiveCases cases, int j) {
            this.parent = parent;
            this.cases = cases;
            this.j = j;
        }

        @Override
        long offset(int i) {
            return parent.offset(i);
        }

        @Override
        long row(int i) {
            return parent.row(i);
        }

        @Override
        String path(int i, String member) {
            return parent.path(i, member);
        }

        @Override
        String file() {
            return parent.file();
        }

        @Override
        boolean dead(int i) {
            return cases.live(i) != j;
        }

        @Override
        boolean nullable() {
            return true;
        }

        @Override
        int nulls() {
            return cases.other(j);
        }
    }
}
