package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.PatternShapes;
import io.structbridge.jackson.fixtures.PatternShapesValidator;
import io.structbridge.runtime.Violation;
import jakarta.validation.ConstraintViolation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The {@code @Pattern}s the generated validator matches with generated loops give Hibernate Validator's
 * verdicts: every string of up to 3 characters over an alphabet of the patterns' characters and their
 * neighbours (surrogates, line terminators, non-ASCII) in all 14 components at once, and random strings
 * of up to 12 characters, one per component.
 */
class PatternShapesTest {
    private static final String[] ALPHABET = {"A", "Z", "S", "a", "b", "c", "x", "y", "0", "9", ".", "-", "+", "_",
        " ", "\t", "\n", "\u00e9", "\u00e4", "\u00f6", "\u00df", "\u00f7", "\\", "]", "[", "^", "~", "\u007f",
        "\ud83d\ude00", "\ud800", ",", "@", "#", "e"};

    @Test
    void everyShortStringGetsHibernateValidatorsVerdicts() {
        List<String> strings = new ArrayList<>();
        strings.add("");
        for (int length = 1; length <= 3; length++) {
            enumerate("", length, strings);
        }
        int disagreements = 0;
        StringBuilder detail = new StringBuilder();
        for (String s : strings) {
            PatternShapes r = same(s);
            Set<String> ours = ours(r);
            Set<String> hv = hv(r);
            if (!ours.equals(hv) && disagreements++ < 20) {
                detail.append(quote(s)).append(": HV ").append(hv).append(", ours ").append(ours).append('\n');
            }
        }
        assertEquals(0, disagreements, detail.toString());
        assertTrue(strings.size() > 40_000, "strings: " + strings.size());
    }

    @Test
    void stringsMatchingEachPatternAreAcceptedAsByHibernateValidator() {
        PatternShapes r = new PatternShapes("AB.9", "AB12", "a_9", "12 ", "abxyy", "+123.45", "\u00e9\u00e4\u00f6\u00df", "bbb",
                "-][\\^", "", " ~ab", "a+b,c@d#e f", "ab.ac", "ababc");
        assertEquals(Set.of(), hv(r));
        assertEquals(Set.of(), ours(r));
    }

    @Property(tries = 2000)
    void randomStringsGetHibernateValidatorsVerdicts(@ForAll("records") PatternShapes r) {
        assertEquals(hv(r), ours(r), r.toString());
    }

    /** The deterministic shapes are loops; the overlapping and grouped ones keep a compiled Pattern. */
    @Test
    void onlyTheTwoOtherShapesKeepAPattern() {
        List<String> patterns = new ArrayList<>();
        for (Field f : PatternShapesValidator.class.getDeclaredFields()) {
            if (f.getType() == java.util.regex.Pattern.class && Modifier.isStatic(f.getModifiers())) {
                patterns.add(f.getName());
            }
        }
        patterns.sort(null);
        assertEquals(List.of("GROUPED$PATTERN0", "OVERLAPPING$PATTERN0"), patterns);
        long loops = Arrays.stream(PatternShapesValidator.class.getDeclaredMethods()).map(Method::getName)
                .filter(n -> n.contains("$pattern")).count();
        assertEquals(12, loops);
    }

    @Provide
    Arbitrary<PatternShapes> records() {
        Arbitrary<String> text = Arbitraries.of(ALPHABET).list().ofMaxSize(12).map(l -> String.join("", l));
        return text.list().ofSize(14).map(t -> new PatternShapes(t.get(0), t.get(1), t.get(2), t.get(3), t.get(4), t.get(5),
                t.get(6), t.get(7), t.get(8), t.get(9), t.get(10), t.get(11), t.get(12), t.get(13)));
    }

    private static void enumerate(String prefix, int left, List<String> out) {
        if (left == 0) {
            out.add(prefix);
            return;
        }
        for (String c : ALPHABET) {
            enumerate(prefix + c, left - 1, out);
        }
    }

    private static PatternShapes same(String s) {
        return new PatternShapes(s, s, s, s, s, s, s, s, s, s, s, s, s, s);
    }

    private static Set<String> ours(PatternShapes r) {
        return PatternShapesValidator.validate(r).stream().filter(v -> v.constraint().equals("Pattern"))
                .map(PatternShapesTest::describe).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> hv(PatternShapes r) {
        return HibernateValidator.validator().validate(r).stream()
                .map(PatternShapesTest::describe).collect(Collectors.toCollection(TreeSet::new));
    }

    private static String describe(ConstraintViolation<?> v) {
        return v.getPropertyPath() + " " + v.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName()
                + " " + v.getMessage();
    }

    private static String describe(Violation v) {
        return v.propertyPath() + " " + v.constraint() + " " + v.message();
    }

    private static String quote(String s) {
        return s.chars().mapToObj(c -> String.format("\\u%04x", c)).collect(Collectors.joining());
    }
}
