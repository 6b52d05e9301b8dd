package io.structbridge.examples.tzif;

import io.structbridge.annotations.Struct;

/**
 * One standard/wall or UT/local indicator (RFC 8536 section 3.2): a byte that must be 0 or 1,
 * which the generated reader enforces for a {@code boolean}.
 *
 * @param value the indicator
 */
@Struct(pack = 1, size = 1)
public record Indicator(boolean value) {
}
