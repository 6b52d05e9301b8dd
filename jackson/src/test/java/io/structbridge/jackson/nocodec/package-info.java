/** A struct without a generated JSON codec, for the errors that replace silent {@code {}} output. */
package io.structbridge.jackson.nocodec;
