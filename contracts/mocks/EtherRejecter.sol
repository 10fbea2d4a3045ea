// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Test-only contract without receive or fallback: any ether sent to it fails.
contract EtherRejecter {}
