// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title CRAP reward token
/// @notice Paid to POO stakers. The owner can mint more to top up the reward pool.
contract CrapToken is ERC20, Ownable {
    /// @param initialOwner Receives ownership and the whole initial supply.
    /// @param initialSupply Amount minted to `initialOwner`, in base units (18 decimals).
    constructor(address initialOwner, uint256 initialSupply) ERC20("CRAP Token", "CRAP") Ownable(initialOwner) {
        _mint(initialOwner, initialSupply);
    }

    /// @notice Mints `amount` new CRAP to `to`.
    /// @dev Emits the standard Transfer event from the zero address.
    /// @param to The recipient; the zero address is rejected by ERC20.
    /// @param amount The amount in base units.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
