package io.structbridge.hv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.runtime.Violation;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A record with a custom constraint is validated by Hibernate Validator through the same generated API. */
class FallbackTest {
    @BeforeAll
    static void english() {
        Locale.setDefault(Locale.ENGLISH);
    }

    @Test
    void customConstraintsRunInHibernateValidatorAndNativeRulesStillApply() {
        assertEquals(List.of(), PairValidator.validate(new Pair(2, 5)));
        assertEquals(List.of(new Violation("left", "Even", "must be even", 3)), PairValidator.validate(new Pair(3, 5)));
        // -1 breaks @Min(0) (Hibernate Validator) and uint8_t (the generated native check): both reported.
        assertEquals(List.of(
                new Violation("right", "Min", "must be greater than or equal to 0", -1),
                new Violation("right", "Native", "must fit uint8_t (0..255)", "-1")), PairValidator.validate(new Pair(2, -1)));
    }
}
