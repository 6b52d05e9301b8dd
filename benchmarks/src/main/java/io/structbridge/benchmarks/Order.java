package io.structbridge.benchmarks;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * An order with eight constrained components, for {@code ValidationBenchmark}. The same annotations
 * drive the generated {@code OrderValidator} and Hibernate Validator ({@code @Valid} on {@code limits}
 * makes Hibernate Validator cascade, which the generated validator always does).
 *
 * @param id order id, 1..10^9
 * @param qty quantity, 1..1,000,000
 * @param price limit price, at least 0.01
 * @param symbol instrument symbol: not blank, 2..12 UTF-16 units, upper case, at most 15 UTF-8 bytes
 * @param account account number, positive
 * @param venue venue code 0..63
 * @param flags bit flags, not negative
 * @param limits per-order limits (nested struct with its own constraints)
 */
@Struct
public record Order(@Min(1) @Max(1_000_000_000) int id,
                    @Min(1) @Max(1_000_000) int qty,
                    @DecimalMin("0.01") double price,
                    @Capacity(16) @NotBlank @Size(min = 2, max = 12) @Pattern(regexp = "[A-Z][A-Z0-9.]*") String symbol,
                    @Positive long account,
                    @Min(0) @Max(63) int venue,
                    @PositiveOrZero int flags,
                    @Valid OrderLimits limits) {

}
