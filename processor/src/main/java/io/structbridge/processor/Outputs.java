package io.structbridge.processor;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * {@code -Astructbridge.outputs=java,c,python,mojo,schema}: the kinds of files the processor writes for each record,
 * all of them by default. A kind left out gets none of its files: not in the class output, not in the
 * {@code -Astructbridge.*Dir} folders, and (python) no package.
 */
enum Outputs {
    /** The classes RStruct, RView, RArray, RColumns, RValidator and RJson. */
    JAVA,
    /** The C header R.h. */
    C,
    /** The Python module R.py (and the package of -Astructbridge.pythonPackage). */
    PYTHON,
    /** The Mojo file R.mojo. */
    MOJO,
    /** The JSON Schema R.schema.json. */
    SCHEMA;

    /** {@return the option's spelling of this kind} */
    String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@return the kinds the option names, every kind when it is unset}
     *
     * @param option the option's value, or null when unset
     * @throws IllegalArgumentException naming the word that is not a kind, or saying that the list is empty
     */
    static Set<Outputs> parse(String option) {
        if (option == null) {
            return EnumSet.allOf(Outputs.class);
        }
        Set<Outputs> kinds = EnumSet.noneOf(Outputs.class);
        for (String word : option.split(",", -1)) {
            String w = word.strip();
            Outputs kind = null;
            for (Outputs o : values()) {
                if (o.spelling().equals(w)) {
                    kind = o;
                }
            }
            if (kind == null) {
                throw new IllegalArgumentException(w.isEmpty() ? "it has an empty item" : "'" + w + "' is not an output");
            }
            kinds.add(kind);
        }
        return kinds;
    }

    /** {@return the kinds as the option spells them, e.g. {@code java, c, python, mojo, schema}} */
    static String all() {
        StringBuilder b = new StringBuilder();
        for (Outputs o : values()) {
            b.append(b.isEmpty() ? "" : ", ").append(o.spelling());
        }
        return b.toString();
    }
}
