/** Arrow C Data Interface export and import of struct memory. */
package io.structbridge.arrow;
